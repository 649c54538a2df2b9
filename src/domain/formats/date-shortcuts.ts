import dayjs, { type Dayjs } from 'dayjs';

// The quick picks of date inputs (docs/product.md §5), computed from `now` so they are pure and
// testable. Day shortcuts keep the time of `now` (a datetime "Yesterday" is this time yesterday);
// week and month shortcuts land on the first day at midnight, because "This month" as today would
// duplicate Today. Weeks start on Monday, as in the Mantine calendar they sit beside.

export const DATE_SHORTCUT_LABELS = [
  'Today',
  'This Week',
  'Yesterday',
  'A week ago',
  'A week later',
  'This month',
  'Last month',
  'Next month',
] as const;

export type DateShortcutLabel = (typeof DATE_SHORTCUT_LABELS)[number];

export interface DateShortcut {
  label: DateShortcutLabel;
  value: Dayjs;
}

function startOfIsoWeek(day: Dayjs): Dayjs {
  const sinceMonday = (day.day() + 6) % 7;
  return day.subtract(sinceMonday, 'day').startOf('day');
}

/** The shortcuts in the order of the spec, relative to `now`. */
export function dateShortcuts(now: Date | number = Date.now()): DateShortcut[] {
  const today = dayjs(now);
  const month = today.startOf('month');
  const values: Record<DateShortcutLabel, Dayjs> = {
    Today: today,
    'This Week': startOfIsoWeek(today),
    Yesterday: today.subtract(1, 'day'),
    'A week ago': today.subtract(7, 'day'),
    'A week later': today.add(7, 'day'),
    'This month': month,
    'Last month': month.subtract(1, 'month'),
    'Next month': month.add(1, 'month'),
  };
  return DATE_SHORTCUT_LABELS.map((label) => ({ label, value: values[label] }));
}
