import { describe, expect, it } from 'vitest';
import { shifted } from '../../web/timeline-bar.tsx';
import { dayTicks, daysDragged, timelineScale } from '../../web/timeline-scale.ts';

// The Gantt's geometry without a browser: which days its one axis labels, how many days a drag
// is, and what a move or a change of length makes of a task's dates.

const scale = timelineScale(
  [{ id: 1, start_date: '2030-01-06', due_date: '2030-01-31' }],
  '2030-01-06',
);

describe('task timeline geometry', () => {
  it('spans a day before the first start to two after the last due day', () => {
    expect(scale.first).toBe('2030-01-05');
    expect(scale.days).toBe(28);
  });

  it('labels every day when there is room, else Mondays a week apart', () => {
    const wide = dayTicks(scale, 28 * 60);
    expect(wide[0]).toBe('2030-01-05');
    expect(wide).toHaveLength(29);
    const narrow = dayTicks(scale, 28 * 10);
    expect(narrow).toEqual(['2030-01-07', '2030-01-14', '2030-01-21', '2030-01-28']);
    for (const day of narrow) expect(new Date(`${day}T00:00:00Z`).getUTCDay()).toBe(1);
  });

  it('turns a drag into whole days, rounding to the nearest', () => {
    expect(daysDragged(scale, 290, 21)).toBe(2);
    expect(daysDragged(scale, 290, -14)).toBe(-1);
    expect(daysDragged(scale, 290, 4)).toBe(0);
  });

  it('moves both dates, or the due day alone never before the start', () => {
    const span = { start: '2030-01-30', due: '2030-02-01' };
    expect(shifted(span, 2, 'both')).toEqual({ start: '2030-02-01', due: '2030-02-03' });
    expect(shifted(span, 1, 'due')).toEqual({ start: '2030-01-30', due: '2030-02-02' });
    expect(shifted(span, -5, 'due')).toEqual({ start: '2030-01-30', due: '2030-01-30' });
  });
});
