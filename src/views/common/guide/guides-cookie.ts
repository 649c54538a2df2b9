// The `guides` cookie mirrors the read guides so a tour does not flash on a reload before
// /api/me answers (docs/product.md §9: SameSite=Strict like every cookie of the product). Guide ids
// are [a-z0-9_.-] (the server's rule), so a comma separates them safely.

const NAME = 'guides';
const YEAR_SECONDS = 365 * 24 * 3600;

export interface GuidesCookie {
  read(): string[];
  write(ids: readonly string[]): void;
}

export const guidesCookie: GuidesCookie = {
  read() {
    const part = document.cookie.split('; ').find((c) => c.startsWith(`${NAME}=`));
    if (!part) return [];
    return decodeURIComponent(part.slice(NAME.length + 1))
      .split(',')
      .filter(Boolean);
  },
  write(ids) {
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    const value = encodeURIComponent(ids.join(','));
    document.cookie = `${NAME}=${value}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Strict${secure}`;
  },
};
