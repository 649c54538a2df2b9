import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  BATCHING_KPI,
  BATCHING_LOGS,
  BATCHING_PICKING,
  PRODUCTION_LOGS,
} from '../../../../src/domain/entities/production/floor-reports.entity.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { plantDay, plantToday } from '../../../db/plant-time.ts';
import { eventLogView as log } from '../../../db/production/report-views.ts';
import { carts, machines, operations } from '../../../db/schema/production-config.ts';
import { batchingPicks as pick } from '../../../db/schema/production-orders.ts';
import { users } from '../../../db/schema/users.ts';
import { qualified, refLabel, type EntityBinding } from '../../entity/entity-binding.ts';
import { userName } from '../../entity/log-table.ts';
import { shiftOf } from './report-shift.ts';
import {
  binLabel,
  locationLabel,
  lotLabel,
  productLabels,
} from '../../entity/shared-field-labels.ts';
import { productOf } from '../../entity/shared-field-labels.ts';
import { registerReportRoutes } from '../../entity/report-routes.ts';
import { num } from '../../entity/computed-number.ts';

// The floor's Production reports (docs/domain/production.md §3.6): the picking list of the orders
// still to batch, the production and batching logs (view of migration 0015), and the batchers' KPIs
// over the chosen days (today and the 29 before unless given).

const order = (column: string) =>
  sql`(select o.${sql.identifier(column)} from production_orders o where o.id = ${qualified(pick.productionOrderId)})`;

/** What the pick's lot and bin hold now, if it may be used (a released lot, or none). */
const available = num(sql`case when coalesce((select l.status from stock_lots l
      where l.id = ${qualified(pick.lotId)}), 'released') = 'released'
  then coalesce((select sum(b.qty_on_hand) from stock_balances b
      where b.product_id = ${qualified(pick.productId)} and b.location_id = ${qualified(pick.locationId)}
        and coalesce(b.lot_id, 0) = coalesce(${qualified(pick.lotId)}, 0)
        and coalesce(b.bin_id, 0) = coalesce(${qualified(pick.binId)}, 0)), 0)
  else 0 end`);

const pickingBinding: EntityBinding = {
  entity: BATCHING_PICKING,
  table: pick,
  // Orders still to batch: released, or in progress or held before their batch was made.
  where: sql`exists (select 1 from production_orders o where o.id = ${qualified(pick.productionOrderId)}
      and o.status in ('released', 'in_progress', 'on_hold')
      and coalesce(o.stage, 'batching') = 'batching')`,
  computed: {
    production_order_number: order('number'),
    due_date: sql`(select to_char(o.due_date, 'YYYY-MM-DD') from production_orders o
        where o.id = ${qualified(pick.productionOrderId)})`,
    order_status: order('status'),
    ...productLabels(pick.productId),
    lot_no: lotLabel(pick.lotId),
    expiry_date: sql`(select to_char(l.expiry_date, 'YYYY-MM-DD') from stock_lots l
        where l.id = ${qualified(pick.lotId)})`,
    location_name: locationLabel(pick.locationId),
    bin_code: binLabel(pick.binId),
    available,
    // **decision:** what the suggested lot and bin cannot cover of the requirement.
    short: num(sql`greatest(${qualified(pick.requiredQty)} - ${available}, 0)`),
    picked_by_name: userName(pick.pickedBy),
  },
};

const logComputed = {
  ...productOf(qualified(log.productId)),
  machine_code: refLabel(log.machineId, machines, 'code'),
  cart_code: refLabel(log.cartId, carts, 'code'),
  operation_name: refLabel(log.operationId, operations),
  user_name: userName(log.userId),
  shift: shiftOf(qualified(log.createdAt)),
};

/** A numeric `report.*` setting, or null when unset or not a number. */
const target = (key: string) =>
  num(sql`(select case when jsonb_typeof(s.value) = 'number' then (s.value #>> '{}')::numeric end
      from settings s where s.key = ${key})`);

/** Per batcher (the person who finished the batch), over the days from `from` to `to`. */
function kpiBinding(from: string | null, to: string | null): EntityBinding {
  const since = from ? sql`${from}::date` : sql`(${plantToday} - 29)`;
  const until = to ? sql`${to}::date` : plantToday;
  const finishes = sql`status_transitions f join production_orders o on o.id = f.entity_id
     where f.entity_type = 'production_orders' and f.event = 'finish_batching'
       and f.created_by = ${qualified(users.id)}
       and ${plantDay(sql`f.created_at`)} between ${since} and ${until}`;
  const over = (expr: SQL) => sql`(select ${expr} from ${finishes})`;
  const batched = sql`(select f.entity_id from ${finishes})`;
  const started = sql`(select max(s.created_at) from status_transitions s
      where s.entity_type = 'production_orders' and s.entity_id = f.entity_id
        and s.event = 'start_batching' and s.id < f.id)`;
  const standard = sql`(select sum(op.standard_minutes) from production_order_operations po
      join phases p on p.id = po.phase_id join operations op on op.id = po.operation_id
      where po.production_order_id = f.entity_id and p.code = 'batching')`;
  const avgMinutes = over(
    sql`round(avg(extract(epoch from f.created_at - ${started}) / 60)::numeric, 1)`,
  );
  const standardMinutes = over(sql`round(avg(${standard}), 1)`);
  const firstSamples = (passed: boolean) => sql`(select count(*) from hplc_results r
      join hplc_requests q on q.id = r.hplc_request_id
      where q.sample_no = 1 and q.production_order_id in ${batched}
        ${passed ? sql`and r.passed` : sql``})`;
  return {
    entity: BATCHING_KPI,
    table: users,
    where: sql`exists (select 1 from ${finishes})`,
    computed: {
      batches: num(over(sql`count(*)`)),
      liters: num(
        over(sql`round(coalesce(sum((f.payload ->> 'actual_batch_ml')::numeric), 0) / 1000, 3)`),
      ),
      avg_minutes: num(avgMinutes),
      standard_minutes: num(standardMinutes),
      vs_standard_pct: num(sql`round(${avgMinutes} / nullif(${standardMinutes}, 0) * 100, 2)`),
      // **decision:** on time = batched on or before the order's due date.
      on_time_pct: num(
        over(sql`round(100.0 * count(*) filter (
            where ${plantDay(sql`f.created_at`)} <= o.due_date)
          / nullif(count(*), 0), 2)`),
      ),
      hplc_tested: num(firstSamples(false)),
      first_pass_yield_pct: num(
        sql`round(100.0 * ${firstSamples(true)} / nullif(${firstSamples(false)}, 0), 2)`,
      ),
      reworks: num(sql`(select count(*) from status_transitions w
          where w.entity_type = 'production_orders' and w.event = 'rework'
            and w.entity_id in ${batched})`),
      on_time_target_pct: target('report.batching_on_time_target_pct'),
      first_pass_target_pct: target('report.hplc_first_pass_target_pct'),
      vs_standard_target_pct: target('report.batching_vs_standard_target_pct'),
    },
  };
}

export function registerFloorReportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const none = z.object({});
  registerReportRoutes(app, deps, BATCHING_PICKING, none, () => pickingBinding);
  const logs: EntityBinding = { entity: PRODUCTION_LOGS, table: log, computed: logComputed };
  registerReportRoutes(app, deps, PRODUCTION_LOGS, none, () => logs);
  const batching: EntityBinding = {
    entity: BATCHING_LOGS,
    table: log,
    computed: logComputed,
    where: sql`${log.phase} = 'batching'`,
  };
  registerReportRoutes(app, deps, BATCHING_LOGS, none, () => batching);
  registerReportRoutes(
    app,
    deps,
    BATCHING_KPI,
    z.object({ from: z.iso.date().optional(), to: z.iso.date().optional() }),
    (values) =>
      kpiBinding(
        (values.from as string | undefined) ?? null,
        (values.to as string | undefined) ?? null,
      ),
  );
}
