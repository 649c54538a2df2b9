// The session token lives in the `token` cookie as `token_type access_token`
// (docs/product.md §4, §9: SameSite=Strict). It is a session cookie: closing the browser ends the
// session, a reload keeps it. The value is URI-encoded because a raw space is not a valid cookie
// octet.

const NAME = 'token';

export function getToken(): string | null {
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === NAME) {
      const value = decodeURIComponent(rest.join('='));
      return value === '' ? null : value;
    }
  }
  return null;
}

export function setToken(tokenType: string, accessToken: string): void {
  write(encodeURIComponent(`${tokenType} ${accessToken}`), '');
}

export function removeToken(): void {
  write('', '; Max-Age=0');
}

function write(value: string, extra: string): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${NAME}=${value}; Path=/; SameSite=Strict${secure}${extra}`;
}
