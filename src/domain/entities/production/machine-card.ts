// One machine as the machines dashboard shows it (docs/domain/production.md §3.5), read from
// GET /api/production/dashboard/machines.

export type MachineCard = {
  id: number;
  code: string;
  kind: string;
  status: string;
  counter_total: number;
  current_operation: string | null;
  current_order: string | null;
  open_work_orders: number;
  /** While it is down: the description of the latest open work order that took it down. */
  down_reason: string | null;
  down_minutes_today: number;
  down_minutes_7d: number;
  failures_30d: number;
  mttr_minutes: number | null;
  mtbf_minutes: number | null;
};
