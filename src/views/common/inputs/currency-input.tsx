import { NumberInput, type NumberInputProps } from '@mantine/core';

// Money entry (docs/product.md §5): two decimals, never negative, a $ prefix, thousands grouped as
// the formatter shows them. Other props are NumberInput's, so `form.getInputProps('price')` fits.

export interface CurrencyInputProps extends Omit<
  NumberInputProps,
  'prefix' | 'decimalScale' | 'fixedDecimalScale' | 'allowNegative' | 'min' | 'onChange'
> {
  /** The amount as a number, or '' when the field is empty. */
  onChange?: (value: number | '') => void;
}

/**
 * NumberInput hands over text such as "8.00" while trailing zeros are shown so typing is not
 * disturbed. Two decimals are always displayed here, so the number alone loses nothing.
 */
function toAmount(value: number | string): number | '' {
  if (typeof value === 'number') return value;
  const n = Number(value.replace(/,/g, ''));
  return value.trim() === '' || !Number.isFinite(n) ? '' : n;
}

export function CurrencyInput({ onChange, ...props }: CurrencyInputProps) {
  return (
    <NumberInput
      prefix="$"
      thousandSeparator=","
      decimalScale={2}
      fixedDecimalScale
      allowNegative={false}
      min={0}
      clampBehavior="blur"
      inputMode="decimal"
      {...props}
      onChange={(value) => onChange?.(toAmount(value))}
    />
  );
}
