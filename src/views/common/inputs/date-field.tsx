import { DateInput, type DateInputProps } from '@mantine/dates';
import { useState } from 'react';
import { DATE_FORMATS } from '../../../domain/constants.ts';
import { formatIsoDate } from '../../../domain/formats/date.format.ts';
import { parseTypedDate } from '../../../domain/formats/typed-date.ts';
import { CALENDAR_ACCESS } from './calendar-access.ts';
import { useCalendarEscape } from './calendar-escape.ts';
import { CALENDAR_PLACEMENT, useCalendarShortcuts } from './calendar-placement.ts';
import { datePresets } from './date-presets.ts';

// A date typed or picked (docs/product.md §5). The value is 'YYYY-MM-DD' (what the API takes),
// shown MM/DD/YYYY (docs/product.md §9). Typing is first-class: 03/05/2024, 3/5/2024 and 2024-03-05
// all work, Escape closes the calendar, and the shortcuts sit beside it. A field that has the
// cursor when its form opens does not pop its calendar on that focus (the picker opened by
// itself over the form); a click or a key opens it as usual, as ref-select.tsx does its list.

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
  const shortcuts = useCalendarShortcuts(withShortcuts);
  const [quiet, setQuiet] = useState(props.autoFocus === true);
  const placed = { ...CALENDAR_PLACEMENT, ...popoverProps };
  const escape = useCalendarEscape(quiet ? { ...placed, opened: false } : placed);
  const speak = () => setQuiet(false);
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
      onClick={(event) => {
        speak();
        props.onClick?.(event);
      }}
      onKeyDown={(event) => {
        // Escape and Tab leave the calendar closed; a key that edits or moves opens it.
        if (event.key !== 'Escape' && event.key !== 'Tab') speak();
        props.onKeyDown?.(event);
      }}
      onBlur={(event) => {
        speak();
        props.onBlur?.(event);
      }}
      value={value === undefined ? undefined : value || null}
      onChange={(next) => onChange?.(next ? formatIsoDate(next) || null : null)}
    />
  );
}
