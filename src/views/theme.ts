import { createTheme, type MantineColorsTuple } from '@mantine/core';

// Spec §9: the theme colour is #409EFF. Shade 5 is exactly that colour; lighter shades feed
// backgrounds and light variants, darker ones hover and pressed states.
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
  primaryShade: 5,
  colors: { blue: plantBlue },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
});
