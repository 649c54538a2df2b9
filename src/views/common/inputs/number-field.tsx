import { NumberInput, type NumberInputProps } from '@mantine/core';

// Number entry with the spec's vocabulary (min, max, precision; docs/product.md §5). Out-of-range
// values are clamped when the field is left, not while typing, so "1" on the way to "15" is
// allowed. Thousands are grouped as the grid and the drawers show them (docs/product.md §9):
// 45,000.5.

export interface NumberFieldProps extends Omit<
  NumberInputProps,
  'decimalScale' | 'allowDecimal' | 'allowNegative'
> {
  /** Decimals allowed; 0 (the default) accepts whole numbers only. */
  precision?: number;
}

export function NumberField({ precision = 0, min, ...props }: NumberFieldProps) {
  return (
    <NumberInput
      min={min}
      decimalScale={precision}
      allowDecimal={precision > 0}
      allowNegative={min === undefined || min < 0}
      clampBehavior="blur"
      thousandSeparator=","
      inputMode={precision > 0 ? 'decimal' : 'numeric'}
      {...props}
    />
  );
}
