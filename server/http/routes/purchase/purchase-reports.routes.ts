import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import {
  OPEN_PURCHASE_ORDERS,
  OPEN_PURCHASE_STATUSES,
  RECEIPTS_VS_ORDERS,
} from '../../../../src/domain/entities/purchase/purchase-reports.entity.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { plantToday } from '../../../db/plant-time.ts';
import { currencies } from '../../../db/schema/general.ts';
import { purchaseOrders, suppliers } from '../../../db/schema/purchase.ts';
import { qualified, refLabel } from '../../entity/entity-binding.ts';
import { registerEntityRoutes } from '../../entity/entity-routes.ts';
import { num } from '../../entity/computed-number.ts';

// The Purchase reports (purchase-reports.entity.ts) as computed columns over orders and
// suppliers. Lead times come from the receipts themselves (inventory receivings posted
// against an order, and lab receivings posted or released against one), not from the lines'
// received cache, which holds quantities but no dates.

const inList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

function registerOpenOrders(app: FastifyInstance, deps: AppDeps) {
  const po = purchaseOrders;
  const due = qualified(po.expectedDate);
  const late = sql`(${due} is not null and ${due} < ${plantToday})`;
  const openQty = sql`greatest(pl.qty - pl.qty_received - pl.qty_cancelled, 0)`;
  const ofOrder = sql`from purchase_order_lines pl where pl.purchase_order_id = ${qualified(po.id)}`;
  registerEntityRoutes(app, deps, {
    entity: OPEN_PURCHASE_ORDERS,
    table: po,
    where: sql`${po.status} in (${inList(OPEN_PURCHASE_STATUSES)})`,
    computed: {
      supplier_name: refLabel(po.supplierId, suppliers),
      currency_code: refLabel(po.currencyId, currencies, 'code'),
      overdue: sql<boolean>`${late}`,
      days_overdue: sql<number>`(case when ${late} then ${plantToday} - ${due} else 0 end)`.mapWith(
        Number,
      ),
      open_value_cad: num(
        sql`(select round(coalesce(sum(${openQty} * pl.unit_price), 0)
          * ${qualified(po.exchangeRate)}, 2) ${ofOrder})`,
      ),
      open_lines: sql<number>`(select count(*) ${ofOrder} and ${openQty} > 0)`.mapWith(Number),
    },
  });
}

function registerReceiptsVsOrders(app: FastifyInstance, deps: AppDeps) {
  const s = suppliers;
  // Orders that reached the supplier: drafts, those awaiting approval and cancelled ones
  // never asked for anything.
  const placed = sql`po.supplier_id = ${qualified(s.id)}
    and po.status not in ('draft', 'pending_approval', 'cancelled')`;
  const lineSum = (column: string): SQL =>
    num(sql`(select coalesce(sum(pl.${sql.raw(column)}), 0) from purchase_order_lines pl
      join purchase_orders po on po.id = pl.purchase_order_id where ${placed})`);
  // Every receipt that brought goods against an order, whichever way they came in.
  const receipts = sql`(select r.purchase_order_id, r.received_date from receivings r
      where r.status = 'posted'
    union all
    select l.purchase_order_id, l.received_at from lab_receivings l
      where l.status in ('posted', 'released'))`;
  // Days from each order to its first and its last posted receipt.
  const leads = sql`(select min(r.received_date) - po.order_date as first_days,
      max(r.received_date) - po.order_date as last_days
    from purchase_orders po join ${receipts} r on r.purchase_order_id = po.id
    where ${placed} group by po.id, po.order_date)`;
  const ordered = lineSum('qty');
  const received = lineSum('qty_received');
  const cancelled = lineSum('qty_cancelled');
  registerEntityRoutes(app, deps, {
    entity: RECEIPTS_VS_ORDERS,
    table: s,
    where: sql`exists (select 1 from purchase_orders po where ${placed})`,
    computed: {
      orders: sql<number>`(select count(*) from purchase_orders po where ${placed})`.mapWith(
        Number,
      ),
      qty_ordered: ordered,
      qty_received: received,
      qty_cancelled: cancelled,
      fill_rate: num(
        sql`round((100 * ${received} / nullif(${ordered} - ${cancelled}, 0))::numeric, 1)`,
      ),
      receipts: sql<number>`(select count(*) from ${receipts} r join purchase_orders po
        on po.id = r.purchase_order_id where ${placed})`.mapWith(Number),
      avg_first_receipt_days: num(sql`(select round(avg(x.first_days), 1) from ${leads} x)`),
      avg_last_receipt_days: num(sql`(select round(avg(x.last_days), 1) from ${leads} x)`),
      max_last_receipt_days: num(sql`(select max(x.last_days) from ${leads} x)`),
    },
  });
}

export function registerPurchaseReportRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerOpenOrders(app, deps);
  registerReceiptsVsOrders(app, deps);
}
