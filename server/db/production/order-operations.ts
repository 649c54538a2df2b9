import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { OperationStatus } from '../../../src/domain/entities/production/production-order-values.ts';
import type { Tx } from '../client.ts';
import { phases } from '../schema/production-config.ts';
import { productionOrderOperations as ops } from '../schema/production-orders.ts';

// An order's operations follow its stages: entering a phase starts its operations, leaving it
// finishes them and readies the next step; a hold pauses what runs. Returns the ids changed,
// for the `operation.updated` broadcasts.

export type OperationChange = {
  status: OperationStatus;
  assignedTo?: number;
  cartId?: number | null;
  qtyGood?: number;
  qtyWaste?: number;
};

async function phaseIds(tx: Tx, code: string): Promise<number[]> {
  const rows = await tx.select({ id: phases.id }).from(phases).where(eq(phases.code, code));
  return rows.map((r) => r.id);
}

export async function setPhaseOperations(
  tx: Tx,
  orderId: number,
  phase: string,
  change: OperationChange,
): Promise<number[]> {
  const ids = await phaseIds(tx, phase);
  if (ids.length === 0) return [];
  const now = new Date();
  const changed = await tx
    .update(ops)
    .set({
      status: change.status,
      ...(change.status === 'in_progress' ? { startedAt: now } : {}),
      ...(change.status === 'done' ? { finishedAt: now } : {}),
      ...(change.assignedTo !== undefined ? { assignedTo: change.assignedTo } : {}),
      ...(change.cartId !== undefined ? { cartId: change.cartId } : {}),
      ...(change.qtyGood !== undefined ? { qtyGood: change.qtyGood } : {}),
      ...(change.qtyWaste !== undefined ? { qtyWaste: change.qtyWaste } : {}),
    })
    .where(
      and(
        eq(ops.productionOrderId, orderId),
        inArray(ops.phaseId, ids),
        inArray(ops.status, ['pending', 'ready', 'in_progress', 'paused']),
      ),
    )
    .returning({ id: ops.id });
  if (change.status === 'in_progress')
    await assignMachines(
      tx,
      changed.map((r) => r.id),
    );
  const ready = change.status === 'done' ? await readyNext(tx, orderId) : [];
  return [...changed.map((r) => r.id), ...ready];
}

/**
 * A started step takes a machine of its operation's kind: an operational one of the plant,
 * the least busy first (the machines dashboard shows what each one runs).
 */
async function assignMachines(tx: Tx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update production_order_operations o set machine_id = (
      select m.id from machines m join operations op on op.id = o.operation_id
       where m.kind = op.machine_kind and m.status = 'operational' and m.module = 'production'
       order by (select count(*) from production_order_operations x
                  where x.machine_id = m.id and x.status = 'in_progress'), m.code
       limit 1)
     where o.id in (${sql.join(
       ids.map((id) => sql`${id}`),
       sql`, `,
     )}) and o.machine_id is null`);
}

/** The first pending step after the last one done becomes ready. */
async function readyNext(tx: Tx, orderId: number): Promise<number[]> {
  const [next] = await tx
    .select({ id: ops.id })
    .from(ops)
    .where(and(eq(ops.productionOrderId, orderId), eq(ops.status, 'pending')))
    .orderBy(asc(ops.seq))
    .limit(1);
  if (!next) return [];
  await tx.update(ops).set({ status: 'ready' }).where(eq(ops.id, next.id));
  return [next.id];
}

/** Hold pauses what runs; resume restarts it. */
export async function switchRunning(
  tx: Tx,
  orderId: number,
  from: 'in_progress' | 'paused',
): Promise<number[]> {
  const to = from === 'in_progress' ? 'paused' : 'in_progress';
  const rows = await tx
    .update(ops)
    .set({ status: to })
    .where(and(eq(ops.productionOrderId, orderId), eq(ops.status, from)))
    .returning({ id: ops.id });
  return rows.map((r) => r.id);
}

/** Every step not done is skipped when an order ends early (cancel, scrap). */
export async function skipOpen(tx: Tx, orderId: number): Promise<number[]> {
  const rows = await tx
    .update(ops)
    .set({ status: 'skipped' })
    .where(and(eq(ops.productionOrderId, orderId), sql`${ops.status} not in ('done', 'skipped')`))
    .returning({ id: ops.id });
  return rows.map((r) => r.id);
}
