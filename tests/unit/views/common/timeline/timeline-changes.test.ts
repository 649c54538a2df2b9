import { describe, expect, it } from 'vitest';
import { PRODUCTION_ORDERS } from '../../../../../src/domain/entities/production/production-orders.entity.ts';
import { RECIPES } from '../../../../../src/domain/entities/production/recipes.entity.ts';
import { TRAINING_DOCUMENTS } from '../../../../../modules/training/shared/entities/training-documents.entity.ts';
import type { TimelineEntry } from '../../../../../src/domain/entity/timeline-entry.ts';
import {
  changeLines,
  entryTitle,
} from '../../../../../src/views/common/timeline/timeline-changes.ts';

// What a timeline line says: labels the entity declares, values in their display formats.

const entry = (over: Partial<TimelineEntry>): TimelineEntry => ({
  kind: 'audit',
  id: 1,
  at: '2026-11-23T01:00:00.000Z',
  by_name: 'Pat Planner',
  from_status: null,
  to_status: null,
  event: 'update',
  reason: null,
  changes: {},
  labels: {},
  ...over,
});

describe('timeline lines', () => {
  it("says an edit's old and new values under the field's label, with thousands separators", () => {
    const lines = changeLines(
      PRODUCTION_ORDERS,
      entry({ changes: { planned_units: [1200, 12500], due_date: ['2026-12-01', '2026-12-03'] } }),
    );
    expect(lines).toEqual([
      { label: 'Planned units', text: '1,200 → 12,500' },
      { label: 'Due', text: '12/01/2026 → 12/03/2026' },
    ]);
  });

  it("says what a create set, a reference by its id, and skips a row's bookkeeping", () => {
    const lines = changeLines(
      PRODUCTION_ORDERS,
      entry({
        event: 'create',
        changes: { product_id: [null, 12], daily_order: [null, 'DO-00004'], version: [null, 1] },
      }),
    );
    expect(lines).toEqual([
      { label: 'Product', text: '#12' },
      { label: 'Daily order', text: 'DO-00004' },
    ]);
  });

  it('says a reference by the label the server sent, an edit of one on both sides', () => {
    const lines = changeLines(
      PRODUCTION_ORDERS,
      entry({
        changes: { product_id: [12, 14] },
        labels: {
          'products:12': 'EL-MNG-30 · Mango 30 ml',
          'products:14': 'EL-LIM-30 · Lime 30 ml',
        },
      }),
    );
    expect(lines).toEqual([
      {
        label: 'Product',
        text: 'EL-MNG-30 · Mango 30 ml → EL-LIM-30 · Lime 30 ml',
        to: '/inventory/products/14',
      },
    ]);
  });

  it('says the counts a transition carried', () => {
    const lines = changeLines(
      PRODUCTION_ORDERS,
      entry({ kind: 'transition', event: 'finish_bottling', changes: { bottled_units: 1500 } }),
    );
    expect(lines).toEqual([{ label: 'Bottled', text: '1,500' }]);
  });

  it('titles audits in words and transitions by their event', () => {
    expect(entryTitle(entry({ event: 'create' }))).toBe('Created');
    expect(entryTitle(entry({ event: 'update' }))).toBe('Edited');
    expect(entryTitle(entry({ kind: 'transition', event: 'start_bottling' }))).toBe(
      'Start bottling',
    );
  });

  it("titles a transition in the document's button words where it has them", () => {
    const evaluate = entry({ kind: 'transition', event: 'evaluate' });
    expect(entryTitle(evaluate, { evaluate: 'Close evaluation' })).toBe('Close evaluation');
    expect(entryTitle(evaluate, { send: 'Send' })).toBe('Evaluate');
  });
});

describe('timeline values the entity does not declare', () => {
  it('read a carried moment or day as a date, never as ISO text', () => {
    const lines = changeLines(
      PRODUCTION_ORDERS,
      entry({
        kind: 'transition',
        event: 'ship',
        changes: { ship_day: '2026-11-27', weight_kg: 1234.5 },
      }),
    );
    expect(lines).toEqual([
      { label: 'Ship day', text: '11/27/2026' },
      { label: 'Weight kg', text: '1,234.5' },
    ]);
  });
});

describe('timeline lines that name rows and statuses', () => {
  it('names the trainings a revision assigned by their trainees, never their ids', () => {
    const lines = changeLines(
      TRAINING_DOCUMENTS,
      entry({
        kind: 'transition',
        event: 'make_effective',
        changes: { assigned: [10, 11], retired: [] },
        labels: { 'trainings:10': 'Maya Chen', 'trainings:11': 'Arjun Mehta' },
        refs: { assigned: 'trainings', retired: 'trainings' },
      }),
    );
    expect(lines).toEqual([
      { label: 'Assigned', text: 'Maya Chen, Arjun Mehta' },
      { label: 'Retired', text: '—' },
    ]);
  });

  it("leads a sample's id to the sample, named by its number", () => {
    const lines = changeLines(
      RECIPES,
      entry({
        event: 'create',
        changes: { rd_sample_id: [null, 10] },
        labels: { 'rd_samples:10': 'SM-00010' },
        refs: { rd_sample_id: 'rd_samples' },
      }),
    );
    expect(lines).toEqual([{ label: 'R&D sample', text: 'SM-00010', to: '/rd/sample/develop/10' }]);
  });

  it('says a status an event carried by its label, never its code', () => {
    const lines = changeLines(
      TRAINING_DOCUMENTS,
      entry({
        kind: 'transition',
        event: 'make_effective',
        changes: { document_status: 'effective' },
      }),
    );
    expect(lines).toEqual([{ label: 'Document status', text: 'Effective' }]);
  });
});
