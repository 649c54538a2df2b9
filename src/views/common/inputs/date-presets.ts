import type { DatePickerPreset } from '@mantine/dates';
import { DATE_FORMATS } from '../../../domain/constants.ts';
import { dateShortcuts } from '../../../domain/formats/date-shortcuts.ts';

// The docs/product.md §5 shortcuts as Mantine presets. Mantine hands a preset's value to onChange
// as is, so the values are already in the field's wire format.

export function datePresets(now: Date = new Date()): DatePickerPreset<'default'>[] {
  return dateShortcuts(now).map(({ label, value }) => ({
    label,
    value: value.format(DATE_FORMATS.isoDate),
  }));
}

export function dateTimePresets(now: Date = new Date()): DatePickerPreset<'default'>[] {
  return dateShortcuts(now).map(({ label, value }) => ({
    label,
    value: value.format(DATE_FORMATS.isoDateTime),
  }));
}
