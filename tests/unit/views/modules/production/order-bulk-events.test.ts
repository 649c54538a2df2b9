import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../../src/api/api-error.ts';
import type { ActionState } from '../../../../../src/machines/workflows/document-workflow.ts';
import {
  allowedCount,
  sendToEach,
  type BulkDeps,
} from '../../../../../src/views/modules/production/order-bulk-events.ts';
import type { EntityRow } from '../../../../../src/domain/entities/entity-row.ts';

// Release several orders at once: each is sent on its own, and the report says per order
// what happened. The machine's answer and the server's are given; the loop is real.

const order = (id: number, status: string): EntityRow => ({
  id,
  version: 3,
  seq: 1,
  number: `MO-0000${id}`,
  status,
});

const release = (allowed: boolean, reason: string | null = null): ActionState => ({
  event: 'release',
  to: 'released',
  allowed,
  reason,
  needsReason: false,
});

describe('an event sent to several orders', () => {
  it('sends it to each allowed order, skips the others, and reports every one', async () => {
    const sent: number[] = [];
    const deps: BulkDeps = {
      actionsOf: (row) =>
        row.status === 'approved'
          ? [release(true)]
          : row.status === 'draft'
            ? [release(false)]
            : [release(false, 'Only planning may do this')],
      send: (row) => {
        sent.push(row.id);
        if (row.id === 2) {
          return Promise.reject(
            new ApiError('validation_error', 422, {
              status: 'The product must be active with an approved recipe',
            }),
          );
        }
        return Promise.resolve({ ...row, status: 'released' });
      },
    };
    const rows = [order(1, 'approved'), order(2, 'approved'), order(3, 'draft'), order(4, 'x')];
    expect(allowedCount(rows, 'release', deps.actionsOf)).toBe(2);

    const outcomes = await sendToEach(rows, 'release', deps);
    expect(sent).toEqual([1, 2]);
    expect(outcomes).toEqual([
      { id: 1, number: 'MO-00001', result: 'done', text: 'Approved → Released' },
      {
        id: 2,
        number: 'MO-00002',
        result: 'refused',
        text: 'The product must be active with an approved recipe',
      },
      { id: 3, number: 'MO-00003', result: 'skipped', text: 'Not possible while draft' },
      { id: 4, number: 'MO-00004', result: 'skipped', text: 'Only planning may do this' },
    ]);
  });
});
