import { useState } from 'react';
import type { DateInputProps } from '@mantine/dates';

// Escape in a date input whose calendar is open closes the calendar, and only that: a drawer
// or dialog around it listens for Escape on the whole window (before the input hears it) and
// would close too, taking the form with it. Mantine's modals leave alone an Escape whose
// target says `data-mantine-stop-propagation`, so the input says it while its calendar is open.

type CalendarEscape = {
  popoverProps: NonNullable<DateInputProps['popoverProps']>;
  'data-mantine-stop-propagation'?: 'true';
};

export function useCalendarEscape(given: DateInputProps['popoverProps']): CalendarEscape {
  const [open, setOpen] = useState(false);
  return {
    popoverProps: {
      ...given,
      onOpen: () => {
        setOpen(true);
        given?.onOpen?.();
      },
      onClose: () => {
        setOpen(false);
        given?.onClose?.();
      },
    },
    ...(open ? { 'data-mantine-stop-propagation': 'true' as const } : {}),
  };
}
