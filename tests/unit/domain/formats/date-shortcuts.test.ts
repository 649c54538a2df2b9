import { describe, expect, it } from 'vitest';
import { DATE_FORMATS } from '../../../../src/domain/constants.ts';
import { dateShortcuts } from '../../../../src/domain/formats/date-shortcuts.ts';

// Wednesday 15 May 2024, 10:30:00 local.
const now = new Date(2024, 4, 15, 10, 30, 0);

const byLabel = (at: Date) =>
  Object.fromEntries(
    dateShortcuts(at).map((s) => [s.label, s.value.format(DATE_FORMATS.isoDateTime)]),
  );

describe('dateShortcuts', () => {
  it('lists the shortcuts of docs/product.md §5 in order', () => {
    expect(dateShortcuts(now).map((s) => s.label)).toEqual([
      'Today',
      'This Week',
      'Yesterday',
      'A week ago',
      'A week later',
      'This month',
      'Last month',
      'Next month',
    ]);
  });

  it('moves by days keeping the time, and to first days at midnight for weeks and months', () => {
    expect(byLabel(now)).toEqual({
      Today: '2024-05-15 10:30:00',
      'This Week': '2024-05-13 00:00:00',
      Yesterday: '2024-05-14 10:30:00',
      'A week ago': '2024-05-08 10:30:00',
      'A week later': '2024-05-22 10:30:00',
      'This month': '2024-05-01 00:00:00',
      'Last month': '2024-04-01 00:00:00',
      'Next month': '2024-06-01 00:00:00',
    });
  });

  it('starts the week on Monday even on a Sunday', () => {
    expect(byLabel(new Date(2024, 4, 19, 9))['This Week']).toBe('2024-05-13 00:00:00');
  });

  it('crosses year boundaries', () => {
    const labels = byLabel(new Date(2024, 0, 3, 8));
    expect(labels['Last month']).toBe('2023-12-01 00:00:00');
    expect(labels['A week ago']).toBe('2023-12-27 08:00:00');
    expect(byLabel(new Date(2024, 11, 28))['Next month']).toBe('2025-01-01 00:00:00');
  });
});
