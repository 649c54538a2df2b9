import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  machineCardSchema,
  type MachineCard,
} from '../../../../src/domain/entities/production/machine-card.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { plantDayStart } from '../../../db/plant-time.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { addRoute } from '../../route.ts';
import { z } from 'zod';

// The machines dashboard (docs/domain/production.md §3.5): each machine's status, what it runs now,
// its open work orders, downtime today and over 7 days, and MTTR / MTBF over 30 days. Downtime is
// read from machine_status_logs: each log opens a period in its `to_status` that lasts until the
// next log of the machine (or now). Decision: MTTR = down minutes ÷ times it went down, MTBF =
// up minutes ÷ times it went down, both over the last 30 days (null when it never went down).

const MACHINES_SQL = sql`
  with periods as (
    select l.machine_id, l.to_status,
           l.created_at as started,
           coalesce(lead(l.created_at) over (partition by l.machine_id order by l.created_at, l.id), now()) as ended
      from machine_status_logs l
  ),
  down as (
    select machine_id,
      sum(extract(epoch from least(ended, now()) - greatest(started, ${plantDayStart}))) filter
        (where to_status = 'down' and ended > ${plantDayStart}) / 60 as today,
      sum(extract(epoch from ended - greatest(started, now() - interval '7 days'))) filter
        (where to_status = 'down' and ended > now() - interval '7 days') / 60 as week,
      sum(extract(epoch from ended - greatest(started, now() - interval '30 days'))) filter
        (where to_status = 'down' and ended > now() - interval '30 days') / 60 as month,
      count(*) filter (where to_status = 'down' and started > now() - interval '30 days') as failures
      from periods group by machine_id
  )
  select m.id::int as id, m.code, m.kind, m.status, m.counter_total::float8 as counter_total,
         cur.operation as current_operation, cur.number as current_order,
         (select count(*)::int from work_orders w
           where w.machine_id = m.id and w.status in ('requested', 'open', 'in_progress', 'on_hold'))
           as open_work_orders,
         case when m.status = 'down' then
           (select w.description from work_orders w
             where w.machine_id = m.id and w.machine_down
               and w.status in ('requested', 'open', 'in_progress', 'on_hold')
             order by w.opened_at desc, w.id desc limit 1) end as down_reason,
         round(coalesce(d.today, 0))::int as down_minutes_today,
         round(coalesce(d.week, 0))::int as down_minutes_7d,
         coalesce(d.failures, 0)::int as failures_30d,
         case when coalesce(d.failures, 0) > 0 then round(d.month / d.failures)::int end as mttr_minutes,
         case when coalesce(d.failures, 0) > 0
              then round((30 * 24 * 60 - coalesce(d.month, 0)) / d.failures)::int end as mtbf_minutes
    from machines m
    left join down d on d.machine_id = m.id
    left join lateral (
      select op.name as operation, po.number
        from production_order_operations o
        join production_orders po on po.id = o.production_order_id
        left join operations op on op.id = o.operation_id
       where o.machine_id = m.id and o.status = 'in_progress'
       order by o.started_at desc nulls last limit 1) cur on true
   where m.module = 'production' and m.status <> 'retired'
   order by m.kind, m.code`;

export function registerMachinesDashboardRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(app, {
    method: 'GET',
    url: '/api/production/dashboard/machines',
    response: z.array(machineCardSchema),
    access: { area: 'maintenance_admin' },
    summary: 'Each machine: status, current operation, open work orders, downtime, MTTR, MTBF',
    handler: async () => queryRows<MachineCard>(deps.database.db, MACHINES_SQL),
  });
}
