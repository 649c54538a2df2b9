// The shell's remembered choices live in cookies, SameSite=Strict like every cookie of the
// product (docs/product.md §9): the sidebar state and the UI size.

const YEAR_SECONDS = 365 * 24 * 3600;

export function readCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  const part = document.cookie.split('; ').find((c) => c.startsWith(prefix));
  return part ? decodeURIComponent(part.slice(prefix.length)) : null;
}

export function writeCookie(name: string, value: string): void {
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/; max-age=${YEAR_SECONDS}; SameSite=Strict`;
}

export const UI_SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type UiSize = (typeof UI_SIZES)[number];

/** Mantine's theme scale for each size; medium is the product's default (docs/product.md §2). */
export const SIZE_SCALE: Record<UiSize, number> = {
  default: 1.1,
  medium: 1,
  small: 0.92,
  mini: 0.85,
};

export function readSize(): UiSize {
  const stored = readCookie('size');
  return UI_SIZES.find((s) => s === stored) ?? 'medium';
}

/** `true` = open. Absent means open on desktop; narrow screens collapse regardless. */
export function readSidebarOpen(): boolean {
  return readCookie('sidebarStatus') !== '0';
}

export function writeSidebarOpen(open: boolean): void {
  writeCookie('sidebarStatus', open ? '1' : '0');
}
