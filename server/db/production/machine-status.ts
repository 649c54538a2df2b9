import { sql } from 'drizzle-orm';
import type { MACHINE_STATUSES } from '../../../src/domain/entities/production/production-values.ts';
import { UNRESOLVED_WORK_ORDER_STATUSES } from '../../../src/domain/entities/production/maintenance-values.ts';
import type { Tx } from '../client.ts';
import { queryRows } from '../query-rows.ts';

// The machine-down invariant (docs/domain/production.md §3.4): a machine is `down` while a
// `machine_down` work order of it is unresolved; when the last one is completed or rejected it is
// `operational` again. Every change writes a machine_status_logs row in the caller's transaction;
// the caller broadcasts the change after commit.

type MachineStatus = (typeof MACHINE_STATUSES)[number];

export type MachineStatusChange = {
  machineId: number;
  code: string;
  from: MachineStatus;
  to: MachineStatus;
  workOrderId: number | null;
};

const unresolved = sql.raw(UNRESOLVED_WORK_ORDER_STATUSES.map((s) => `'${s}'`).join(', '));

/**
 * Brings `machineId`'s status in line with its work orders after `workOrderId` was written.
 * Only a `down` that a work order caused is lifted: a machine someone set down by hand stays so.
 */
export async function syncMachineStatus(
  tx: Tx,
  machineId: number,
  workOrderId: number | null,
  actorId: number | null,
): Promise<MachineStatusChange | null> {
  const [machine] = await queryRows<{ code: string; status: MachineStatus }>(
    tx,
    sql`select code, status from machines where id = ${machineId} for update`,
  );
  if (!machine) return null;
  const [open] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from work_orders
         where machine_id = ${machineId} and machine_down and status in (${unresolved})`,
  );
  let to: MachineStatus | null = null;
  if ((open?.n ?? 0) > 0) {
    if (machine.status !== 'down' && machine.status !== 'retired') to = 'down';
  } else if (machine.status === 'down' && (await downByWorkOrder(tx, machineId))) {
    to = 'operational';
  }
  if (!to) return null;
  await tx.execute(
    sql`update machines set status = ${to}, updated_by = ${actorId} where id = ${machineId}`,
  );
  await tx.execute(sql`
    insert into machine_status_logs (machine_id, from_status, to_status, work_order_id, created_by)
    values (${machineId}, ${machine.status}, ${to}, ${workOrderId}, ${actorId})`);
  return { machineId, code: machine.code, from: machine.status, to, workOrderId };
}

/** Whether the machine's last status change was a work order taking it down. */
async function downByWorkOrder(tx: Tx, machineId: number): Promise<boolean> {
  const [last] = await queryRows<{ to_status: string; work_order_id: number | null }>(
    tx,
    sql`select to_status, work_order_id from machine_status_logs
         where machine_id = ${machineId} order by id desc limit 1`,
  );
  return last?.to_status === 'down' && last.work_order_id !== null;
}
