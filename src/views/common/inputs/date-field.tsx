import { DateInput, type DateInputProps } from '@mantine/dates';
import { DATE_FORMATS } from '../../../domain/constants.ts';
import { formatIsoDate } from '../../../domain/formats/date.format.ts';
import { parseTypedDate } from '../../../domain/formats/typed-date.ts';
import { CALENDAR_ACCESS } from './calendar-access.ts';
import { useCalendarEscape } from './calendar-escape.ts';
import { CALENDAR_PLACEMENT, useCalendarShortcuts } from './calendar-placement.ts';
import { datePresets } from './date-presets.ts';

// A date typed or picked (docs/product.md §5). The value is 'YYYY-MM-DD' (what the API takes),
// shown MM/DD/YYYY (docs/product.md §9). Typing is first-class: 03/05/2024, 3/5/2024 and 2024-03-05
// all work, Escape closes the calendar, and the shortcuts sit beside it.

export interface DateFieldProps extends Omit<
  DateInputProps,
  'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser' | 'withTime' | 'presets'
> {
  /** 'YYYY-MM-DD', or null / '' for no date. */
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** Hides the shortcuts, e.g. in a narrow filter popover. */
  withShortcuts?: boolean;
}

export function DateField({
  value,
  onChange,
  withShortcuts = true,
  popoverProps,
  ...props
}: DateFieldProps) {
  const escape = useCalendarEscape({ ...CALENDAR_PLACEMENT, ...popoverProps });
  const shortcuts = useCalendarShortcuts(withShortcuts);
  return (
    <DateInput
      valueFormat={DATE_FORMATS.displayDate}
      dateParser={parseTypedDate}
      placeholder="MM/DD/YYYY"
      clearable
      {...CALENDAR_ACCESS}
      presets={shortcuts ? datePresets() : undefined}
      {...props}
      {...escape}
      value={value === undefined ? undefined : value || null}
      onChange={(next) => onChange?.(next ? formatIsoDate(next) || null : null)}
    />
  );
}
