import { describe, expect, it } from 'vitest';
import {
  SALES_ORDER_LINE_ITEMS,
  SALES_ORDERS,
} from '../../../../../modules/sales/shared/entities/sales-orders.entity.ts';
import { writableFields } from '../../../../../src/domain/entity/entity-declaration.ts';
import {
  changesBetween,
  followRecord,
  typedOnTop,
} from '../../../../../src/views/common/entity-form/record-change.ts';
import type { EntityRow } from '../../../../../src/domain/entities/entity-row.ts';

// An open sales order meets a newer version of itself: the manager's credit override moved
// it from draft to confirmed. Clean, the page shows it; with typed values, it is held and
// described; taking it keeps what was typed.

const draft: EntityRow = {
  id: 19,
  version: 3,
  seq: 40,
  number: 'SO-00019',
  status: 'draft',
  over_credit_limit: 1,
  note: 'Call before delivery',
  total: '1250.00',
  updated_by_name: 'Sam Sale',
  updated_at: '2026-11-25T05:00:00Z',
  lines: [{ id: 1, product_id: 7, qty: '24' }],
};

const overridden: EntityRow = {
  ...draft,
  version: 4,
  seq: 41,
  status: 'confirmed',
  over_credit_limit: 0,
  updated_by_name: 'Ada Admin',
  updated_at: '2026-11-25T05:01:00Z',
};

describe('followRecord', () => {
  it('shows a newer version at once on a page with nothing typed', () => {
    expect(
      followRecord(SALES_ORDERS, draft, overridden, {
        dirty: false,
        lines: SALES_ORDER_LINE_ITEMS,
      }),
    ).toEqual({
      kind: 'adopt',
      row: overridden,
    });
  });

  it('holds a newer version on a page with typed values, saying what changed and who', () => {
    const decision = followRecord(SALES_ORDERS, draft, overridden, {
      dirty: true,
      lines: SALES_ORDER_LINE_ITEMS,
    });
    expect(decision.kind).toBe('hold');
    if (decision.kind !== 'hold') return;
    expect(decision.incoming.row).toBe(overridden);
    expect(decision.incoming.by).toBe('Ada Admin');
    expect(decision.incoming.changes).toEqual([
      { name: 'status', label: 'Status', from: 'Draft', to: 'Confirmed' },
      { name: 'over_credit_limit', label: 'Over credit limit', from: 'Yes', to: 'No' },
    ]);
  });

  it('ignores a version the page already holds or has passed (its own save, a repeat)', () => {
    expect(followRecord(SALES_ORDERS, overridden, overridden, { dirty: false }).kind).toBe(
      'ignore',
    );
    expect(followRecord(SALES_ORDERS, overridden, draft, { dirty: true }).kind).toBe('ignore');
    expect(followRecord(SALES_ORDERS, null, overridden, { dirty: false }).kind).toBe('ignore');
    expect(
      followRecord(SALES_ORDERS, { ...draft, id: 20 }, overridden, { dirty: false }).kind,
    ).toBe('ignore');
  });

  it('does not hold again a version the person chose to keep editing over, but holds a newer one', () => {
    const again = followRecord(SALES_ORDERS, draft, overridden, { dirty: true, kept: 4 });
    expect(again.kind).toBe('ignore');
    const later = { ...overridden, version: 5, note: 'Call the dock first' };
    const decision = followRecord(SALES_ORDERS, draft, later, { dirty: true, kept: 4 });
    expect(decision.kind).toBe('hold');
    // Nothing typed any more: the kept version is simply shown.
    expect(followRecord(SALES_ORDERS, draft, overridden, { dirty: false, kept: 4 })).toEqual({
      kind: 'adopt',
      row: overridden,
    });
  });
});

describe('changesBetween', () => {
  it('names the lines when they changed, by count', () => {
    const more = { ...overridden, lines: [...(draft.lines as object[]), { id: 2, qty: '1' }] };
    const edited = { ...overridden, lines: [{ id: 1, product_id: 7, qty: '30' }] };
    const lines = (after: EntityRow) =>
      changesBetween(SALES_ORDERS, draft, after, SALES_ORDER_LINE_ITEMS).find(
        (c) => c.name === 'lines',
      );
    expect(lines(more)).toMatchObject({ from: '1 line', to: '2 lines' });
    expect(lines(edited)).toMatchObject({ from: '1 line', to: '1 line, edited' });
    expect(lines(overridden)).toBeUndefined();
  });

  it('leaves out the bookkeeping every save moves', () => {
    const names = changesBetween(SALES_ORDERS, draft, overridden).map((c) => c.name);
    expect(names).not.toContain('version');
    expect(names).not.toContain('updated_at');
    expect(names).not.toContain('updated_by_name');
  });
});

describe('typedOnTop', () => {
  const fields = writableFields(SALES_ORDERS);
  const before = { note: 'Call before delivery', customer_id: '5', lines: [{ qty: '24' }] };
  const theirs = { note: 'Deliver after 2 pm', customer_id: '6', lines: [{ qty: '24' }] };

  it('keeps the typed values over theirs and takes theirs where nothing was typed', () => {
    const mine = { ...before, note: 'Leave at the dock', lines: [{ qty: '30' }] };
    const taken = typedOnTop({
      fields,
      lines: SALES_ORDER_LINE_ITEMS,
      before,
      mine,
      theirs,
    });
    expect(taken.values).toEqual({
      note: 'Leave at the dock',
      customer_id: '6',
      lines: [{ qty: '30' }],
    });
    // Both changed the note: the typed one is kept, and named as a conflict.
    expect(taken.conflicts.map((f) => f.name)).toEqual(['note']);
  });

  it('takes their version whole when nothing was typed', () => {
    const taken = typedOnTop({
      fields,
      lines: SALES_ORDER_LINE_ITEMS,
      before,
      mine: before,
      theirs,
    });
    expect(taken.values).toEqual(theirs);
    expect(taken.conflicts).toEqual([]);
  });

  it('keeps the inputs never read back (a new password) whatever theirs say', () => {
    const taken = typedOnTop({
      fields,
      keep: ['password'],
      before: { ...before, password: '' },
      mine: { ...before, password: 's3cret' },
      theirs: { ...theirs, password: '' },
    });
    expect(taken.values.password).toBe('s3cret');
  });
});
