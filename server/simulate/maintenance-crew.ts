import type { CrewContext } from './crew-context.ts';
import { SIM_MARK, where, type Answer, type ListData } from './plant-api.ts';

// The simulator's machine faults and their repair (docs/domain/production.md §3.4): now and then a
// floor operator reports a machine down; a supervisor approves the work order and the automation
// technician starts and completes it, about one step in three ticks. At most one fault of its
// own is open at a time, so the plant keeps running.

const WORK_ORDERS = '/api/production/work-orders';
const UNRESOLVED = ['requested', 'open', 'in_progress', 'on_hold'];
const FAULTS = [
  'stopped mid-run, alarm on the panel',
  'jammed, bottles backing up on the line',
  'losing pressure, output dropping',
  'motor overheating, shut down by the operator',
  'sensor not reading, line stopped',
];
const RESOLUTIONS = [
  'Replaced the worn part and tested',
  'Cleared and recalibrated',
  'Reset and verified a full cycle',
];

type WorkOrderRow = { id: number; version: number; number: string; status: string };

export type MaintenanceCrewContext = CrewContext & {
  stats: { workOrdersRaised: number; workOrdersCompleted: number };
  /** Issue details a fault may be reported under. */
  issues: () => readonly number[];
};

export function maintenanceCrew(ctx: MaintenanceCrewContext) {
  const { as, chance, pick, settle, stats } = ctx;
  const workOrders = new Map<number, WorkOrderRow>();

  async function raiseFault(): Promise<void> {
    const issues = ctx.issues();
    if (issues.length === 0) return;
    const machines = await as('admin').get<ListData<{ id: number; code: string }>>(
      '/api/production/machines',
      { per_page: 100, filter: [where('status', 'enum', 'equals', 'operational')] },
    );
    if (!machines.ok || machines.data.rows.length === 0) return;
    const machine = pick(machines.data.rows);
    const answer = await as(pick(['batcher', 'bottler', 'labeler'])).send<WorkOrderRow>(
      'POST',
      WORK_ORDERS,
      {
        machine_id: machine.id,
        issue_detail_id: pick(issues),
        machine_down: true,
        description: `${machine.code} ${pick(FAULTS)} ${SIM_MARK}`,
      },
    );
    if (!settle(answer, 'raise a work order')) return;
    stats.workOrdersRaised += 1;
    workOrders.set(answer.data.id, answer.data);
  }

  async function advance(wo: WorkOrderRow): Promise<void> {
    // Maintenance takes its time: about one step in three ticks.
    if (!chance(0.35)) return;
    const send = (who: string, event: string, body: Record<string, unknown> = {}) =>
      as(who).send<WorkOrderRow>('POST', `${WORK_ORDERS}/${wo.id}/events/${event}`, {
        version: wo.version,
        ...body,
      });
    let answer: Answer<WorkOrderRow> | null = null;
    if (wo.status === 'requested') answer = await send('supervisor_production', 'approve');
    else if (wo.status === 'open') answer = await send('automation_tech', 'start');
    else if (wo.status === 'on_hold') answer = await send('automation_tech', 'resume');
    else if (wo.status === 'in_progress') {
      answer = await send('automation_tech', 'complete', { resolution: pick(RESOLUTIONS) });
    } else {
      workOrders.delete(wo.id);
      return;
    }
    if (settle(answer, `work order ${wo.status}`)) {
      if (answer.data.status === 'completed') {
        stats.workOrdersCompleted += 1;
        workOrders.delete(wo.id);
      } else {
        workOrders.set(wo.id, answer.data);
      }
      return;
    }
    const fresh = await as('supervisor_production').get<WorkOrderRow>(`${WORK_ORDERS}/${wo.id}`);
    if (fresh.ok && UNRESOLVED.includes(fresh.data.status)) workOrders.set(wo.id, fresh.data);
    else workOrders.delete(wo.id);
  }

  return {
    /** After a restart: the faults it raised and did not finish are its own again. */
    async resume(): Promise<void> {
      const faults = await as('supervisor_production').get<ListData<WorkOrderRow>>(WORK_ORDERS, {
        per_page: 2,
        filter: [
          where('description', 'text', 'contains', SIM_MARK),
          where('status', 'enum', 'in', UNRESOLVED),
        ],
      });
      for (const row of faults.ok ? faults.data.rows : []) workOrders.set(row.id, row);
    },
    async step(): Promise<void> {
      for (const wo of [...workOrders.values()]) await advance(wo);
      if (workOrders.size === 0 && chance(0.05)) await raiseFault();
    },
  };
}
