/** `/login?redirect=…` for the page a visitor without a session asked for. */
export function loginPath(pathname: string, search = ''): string {
  return `/login?redirect=${encodeURIComponent(pathname + search)}`;
}

/** Where to go after login: a same-site path from `?redirect=`, else the dashboard. */
export function afterLoginPath(redirect: string | null): string {
  const safe =
    redirect &&
    redirect.startsWith('/') &&
    !redirect.startsWith('//') &&
    !redirect.startsWith('/\\');
  return safe && !redirect.startsWith('/login') ? redirect : '/dashboard';
}
