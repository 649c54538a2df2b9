import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  projectReportRow,
  projectReportTotals,
  type ProjectReportFacts,
} from '../../shared/entities/project-report.ts';

// The projects report's arithmetic (docs/domain/projects.md §9) against figures worked out by hand.

const facts = (over: Partial<ProjectReportFacts> = {}): ProjectReportFacts => ({
  id: 1,
  number: 'PJ-00001',
  name: 'Line 3 retrofit',
  owner_id: 1,
  owner_name: 'Owner',
  status: 'active',
  start_date: '2026-01-01',
  due_date: '2026-03-31',
  completed_on: null,
  tasks_total: 8,
  tasks_done: 3,
  tasks_overdue: 2,
  hours: 41.255,
  ...over,
});

describe('projects report', () => {
  it('counts days between calendar days across a month end and a leap day', () => {
    expect(daysBetween('2026-01-31', '2026-02-01')).toBe(1);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2026-03-10', '2026-03-01')).toBe(-9);
  });

  it('rounds % complete from done ÷ total tasks, 0 without tasks', () => {
    expect(projectReportRow(facts(), '2026-02-01').pct_complete).toBe(38); // 3/8 = 37.5
    expect(
      projectReportRow(facts({ tasks_total: 3, tasks_done: 2 }), '2026-02-01').pct_complete,
    ).toBe(67);
    expect(
      projectReportRow(facts({ tasks_total: 0, tasks_done: 0 }), '2026-02-01').pct_complete,
    ).toBe(0);
  });

  it('is late from its due day to today while running, to its completion once completed', () => {
    expect(projectReportRow(facts(), '2026-03-31').days_late).toBe(0);
    expect(projectReportRow(facts(), '2026-04-10').days_late).toBe(10);
    expect(projectReportRow(facts({ status: 'on_hold' }), '2026-04-02').days_late).toBe(2);
    const done = facts({ status: 'completed', completed_on: '2026-04-05' });
    expect(projectReportRow(done, '2026-12-31').days_late).toBe(5);
    const early = facts({ status: 'completed', completed_on: '2026-03-01' });
    expect(projectReportRow(early, '2026-12-31').days_late).toBe(0);
    expect(projectReportRow(facts({ status: 'cancelled' }), '2026-12-31').days_late).toBe(0);
  });

  it('keeps hours to the cent and totals the rows', () => {
    const a = projectReportRow(facts(), '2026-04-10');
    const b = projectReportRow(
      facts({ id: 2, tasks_total: 2, tasks_done: 2, tasks_overdue: 0, hours: 3.5 }),
      '2026-03-01',
    );
    expect(a.hours).toBe(41.26);
    expect(projectReportTotals([a, b])).toEqual({
      projects: 2,
      tasks_total: 10,
      tasks_done: 5,
      tasks_overdue: 2,
      hours: 44.76,
      late_projects: 1,
    });
  });
});
