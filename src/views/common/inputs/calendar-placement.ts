import { useMantineTheme } from '@mantine/core';
import type { DateInputProps } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';

// Where a date field's calendar opens: above the field when there is room, so it never covers
// the field that comes next (under it in a one-column drawer or on a phone, beside it in a
// two-column form, which a calendar opening upwards leaves alone too); below it only when the
// field sits too near the top of the screen for a calendar above (docs/product.md, Inputs).
// "Room" is measured in what scrolls the field (altBoundary: a drawer's body, not the whole
// window), so a calendar above never covers a drawer's title and close button either.
export const CALENDAR_PLACEMENT: NonNullable<DateInputProps['popoverProps']> = {
  position: 'top-start',
  middlewares: {
    flip: { fallbackPlacements: ['bottom-start'], altBoundary: true },
    shift: true,
    inline: false,
  },
};

/**
 * Whether the date shortcuts sit beside the calendar: not on a phone, where the two side by
 * side are wider than the screen and too tall to open above the field.
 */
export function useCalendarShortcuts(wanted: boolean): boolean {
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`, false, {
    getInitialValueInEffect: false,
  });
  return wanted && !phone;
}
