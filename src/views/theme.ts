import { createTheme, type MantineColorsTuple } from '@mantine/core';

// Spec §9: the theme colour is #409EFF (shade 5). White on it, or it on white, reads at 2.8:1,
// under WCAG AA's 4.5:1, so buttons, links and the active tab use shade 8 (#2b6cb0, 5.4:1) of
// the same blue; the lighter shades still feed backgrounds and light variants. The text
// colours that had to darken for AA are in theme-contrast.css.
const plantBlue: MantineColorsTuple = [
  '#ecf5ff',
  '#d9ecff',
  '#b3d8ff',
  '#8cc5ff',
  '#66b1ff',
  '#409eff',
  '#3a8ee6',
  '#337ecc',
  '#2b6cb0',
  '#1f5592',
];

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  colors: { blue: plantBlue },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  components: {
    // Mantine's clear button (clearable selects and dates) has an icon and no name.
    InputClearButton: { defaultProps: { 'aria-label': 'Clear' } },
    // So is the close button of every drawer and modal.
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
});
