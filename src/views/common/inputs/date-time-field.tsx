import { DateInput, type DateInputProps } from '@mantine/dates';
import { DATE_FORMATS } from '../../../domain/constants.ts';
import { formatIsoDateTime, parseDate } from '../../../domain/formats/date.format.ts';
import { parseTypedDateTime } from '../../../domain/formats/typed-date.ts';
import { CALENDAR_ACCESS } from './calendar-access.ts';
import { useCalendarEscape } from './calendar-escape.ts';
import { CALENDAR_PLACEMENT, useCalendarShortcuts } from './calendar-placement.ts';
import { dateTimePresets } from './date-presets.ts';

// A date and time typed or picked (docs/product.md §5). The value is 'YYYY-MM-DD HH:mm:ss', shown
// MM/DD/YYYY HH:mm:ss. A text input rather than Mantine's DateTimePicker button, so the whole
// value can be typed; picking a day in the calendar keeps the time already entered.

export interface DateTimeFieldProps extends Omit<
  DateInputProps,
  'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser' | 'withTime' | 'presets'
> {
  /** 'YYYY-MM-DD HH:mm:ss', or null / '' for none. */
  value?: string | null;
  onChange?: (value: string | null) => void;
  withShortcuts?: boolean;
}

/** A calendar click gives a day only; carry over the time of the current value. */
function keepTime(next: string, current: string | null | undefined): string {
  const day = parseDate(next);
  if (!day) return '';
  if (/\d:\d/.test(next)) return day.format(DATE_FORMATS.isoDateTime);
  const time = parseDate(current ?? null);
  const merged = time ? day.hour(time.hour()).minute(time.minute()).second(time.second()) : day;
  return merged.format(DATE_FORMATS.isoDateTime);
}

export function DateTimeField({
  value,
  onChange,
  withShortcuts = true,
  popoverProps,
  ...props
}: DateTimeFieldProps) {
  const escape = useCalendarEscape({ ...CALENDAR_PLACEMENT, ...popoverProps });
  const shortcuts = useCalendarShortcuts(withShortcuts);
  return (
    <DateInput
      withTime
      valueFormat={DATE_FORMATS.displayDateTime}
      dateParser={parseTypedDateTime}
      placeholder="MM/DD/YYYY HH:mm:ss"
      clearable
      {...CALENDAR_ACCESS}
      presets={shortcuts ? dateTimePresets() : undefined}
      {...props}
      {...escape}
      value={value === undefined ? undefined : value || null}
      onChange={(next) =>
        onChange?.(next ? formatIsoDateTime(keepTime(next, value)) || null : null)
      }
    />
  );
}
