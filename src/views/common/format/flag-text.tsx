import { Badge } from '@mantine/core';
import {
  formatActive,
  formatYesNo,
  toFlag,
  type FlagLike,
} from '../../../domain/formats/flag.format.ts';

// Booleans of the API (1/0) as words (docs/product.md §9). Yes/No reads as plain text in grids; the
// Active state is a badge because lists are scanned for what is switched off.

export function YesNoText({ value }: { value: FlagLike }) {
  return <>{formatYesNo(value)}</>;
}

export function ActiveBadge({ value }: { value: FlagLike }) {
  const flag = toFlag(value);
  if (flag === null) return null;
  return (
    <Badge color={flag ? 'green' : 'gray'} variant="light" tt="none">
      {formatActive(value)}
    </Badge>
  );
}
