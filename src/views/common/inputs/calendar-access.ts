import type { DateInputProps } from '@mantine/dates';

// What every date field's calendar adds for WCAG 2.1 AA: its arrows named, and neither faded
// days of the next month (2.1:1) nor red weekends (3.3:1). Kept here rather than in the theme
// so the login page does not load it.
export const CALENDAR_ACCESS = {
  hideOutsideDates: true,
  weekendDays: [],
  ariaLabels: {
    // "Show …": the date shortcuts beside the calendar already have a button named "Next month".
    nextMonth: 'Show the next month',
    previousMonth: 'Show the previous month',
    nextYear: 'Show the next year',
    previousYear: 'Show the previous year',
    nextDecade: 'Show the next decade',
    previousDecade: 'Show the previous decade',
  },
} as const satisfies Partial<DateInputProps>;
