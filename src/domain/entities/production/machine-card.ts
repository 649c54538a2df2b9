import { z } from 'zod';

// One machine as the machines dashboard shows it (docs/domain/production.md §3.5), read from
// GET /api/production/dashboard/machines: the route's response schema and the page's type.

export const machineCardSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.string(),
  status: z.string(),
  counter_total: z.number(),
  current_operation: z.string().nullable(),
  current_order: z.string().nullable(),
  open_work_orders: z.number().int(),
  /** While it is down: the description of the latest open work order that took it down. */
  down_reason: z.string().nullable(),
  down_minutes_today: z.number().int(),
  down_minutes_7d: z.number().int(),
  failures_30d: z.number().int(),
  mttr_minutes: z.number().int().nullable(),
  mtbf_minutes: z.number().int().nullable(),
});

export type MachineCard = z.infer<typeof machineCardSchema>;
