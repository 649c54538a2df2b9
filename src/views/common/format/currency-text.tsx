import { Text, type TextProps } from '@mantine/core';
import { formatCurrency } from '../../../domain/formats/currency.format.ts';
import { toFiniteNumber, type NumberLike } from '../../../domain/formats/number-value.ts';

// Money in grids and summaries: tabular figures so columns line up, negatives in red so a
// credit or a loss is seen before it is read.

export interface CurrencyTextProps extends Omit<TextProps, 'children'> {
  value: NumberLike;
}

export function CurrencyText({ value, ...text }: CurrencyTextProps) {
  const n = toFiniteNumber(value);
  return (
    <Text
      component="span"
      inherit
      c={n !== null && n < 0 ? 'red' : undefined}
      style={{ fontVariantNumeric: 'tabular-nums' }}
      {...text}
    >
      {formatCurrency(value)}
    </Text>
  );
}
