import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

// A phone's width (under the theme's sm breakpoint, 576 px), where a table of several columns
// would make a person scroll sideways to reach its last ones: screens show cards there instead.
// Read at once (not after the first paint), so the layout shown is the one focus lands in.

export function usePhone(): boolean {
  const theme = useMantineTheme();
  return useMediaQuery(`(max-width: ${theme.breakpoints.sm})`, false, {
    getInitialValueInEffect: false,
  });
}
