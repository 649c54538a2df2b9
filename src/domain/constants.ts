// The business constants and limits of docs/product.md §9 in one place, so a number in the UI can
// be traced back to the spec and changed once. Values only: no React, no I/O.

/** Milliseconds after which the loading overlay switches itself off, so a lost stop never locks the UI. */
export const LOADING_AUTO_STOP_MS = 120_000 as const;

/** Text under the loading image of the full-screen overlay. */
export const LOADING_TEXT = 'loading...' as const;

/** Width and height, in px, of the overlay's loading image (it is square). */
export const LOADING_IMAGE_PX = 150 as const;

/** Milliseconds before a request is aborted: 20 minutes, because reports and imports are slow. */
export const REQUEST_TIMEOUT_MS = 1_200_000 as const;

/** How long a notification stays, by kind; errors use a modal with OK instead, so they have none. */
export const NOTIFICATION_DURATION_MS = {
  /** Success confirms what the user just did, so it can go quickly. */
  success: 5_000,
  /** Warnings, information and anything else need reading time. */
  warning: 10_000,
  info: 10_000,
  other: 10_000,
} as const;

/** Notifications or messages visible at once; more wait in the queue. */
export const MAX_NOTIFICATIONS = 2 as const;

/** Below this window width (px) the device is mobile and the sidebar collapses. */
export const MOBILE_BREAKPOINT_PX = 992 as const;

/** Width (px) of the right-click menu of a visited-view tab. */
export const TAB_CONTEXT_MENU_WIDTH_PX = 105 as const;

/** Fuse.js options of the fuzzy route search in the top bar. */
export const ROUTE_SEARCH = {
  /** 0 is an exact match, 1 matches anything; 0.4 tolerates typos without noise. */
  threshold: 0.4,
  /** Titles are what people type, so they weigh more than paths. */
  titleWeight: 0.7,
  pathWeight: 0.3,
  /** Longer patterns are cut; Fuse's bitap search is limited to 32 characters. */
  maxPatternLength: 32,
} as const;

/** Max height (px) of the checkbox list in a column filter before it scrolls. */
export const COLUMN_FILTER_LIST_MAX_HEIGHT_PX = 250 as const;

/** Codes such as order numbers are zero-filled to this many digits. */
export const ZERO_FILL_LENGTH = 5 as const;

/** Nicotine strengths are shown with this many decimals (mg precision the lab works to). */
export const NICOTINE_DECIMALS = 3 as const;

/** Currency and locale of money values. */
export const CURRENCY = { code: 'CAD', locale: 'en-CA', decimals: 2 } as const;

/** Units of strength and volume. */
export const UNITS = { strength: 'mg', volume: 'ml' } as const;

/**
 * Primary theme colour. The spec gives #409EFF in one place and #1890ff in another; the
 * product uses #409EFF (src/views/theme.ts builds the palette around it).
 */
export const THEME_COLOR = '#409EFF' as const;

/** First-visit UI settings, before the user changes anything. */
export const UI_DEFAULTS = {
  /** Visited-view tabs are shown. */
  tabsView: true,
  fixedHeader: false,
  sidebarLogo: false,
  /** Mantine size key of the spec's "medium". */
  size: 'md',
} as const;

/** dayjs patterns. Use `display*` for people and `iso*` for values sent to the server. */
export const DATE_FORMATS = {
  /** How dates are shown everywhere. */
  displayDate: 'MM/DD/YYYY',
  /** How times are shown, alone or after a date. */
  time: 'HH:mm:ss',
  displayDateTime: 'MM/DD/YYYY HH:mm:ss',
  /** Date values of inputs and of the API. */
  isoDate: 'YYYY-MM-DD',
  /** Datetime values of inputs and of the API. */
  isoDateTime: 'YYYY-MM-DD HH:mm:ss',
  /** Dashed month-first dates, used in file names and some reports. */
  dashedDate: 'MM-DD-YYYY',
} as const;

export type DateFormat = (typeof DATE_FORMATS)[keyof typeof DATE_FORMATS];
