/** Keys that open the route search from anywhere (Mantine hotkey syntax). */
export const SEARCH_SHORTCUTS = ['mod + K', '/'];
