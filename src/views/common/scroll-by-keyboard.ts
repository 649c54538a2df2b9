// A scrolling table with nothing focusable inside is out of a keyboard's reach unless its
// viewport takes the focus itself (WCAG 2.1.1): arrow keys then scroll it.
export const SCROLL_BY_KEYBOARD = { tabIndex: 0 } as const;
