import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { PackingSlipLine } from '../../../../src/domain/entities/sales/packing-slip.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { readLetterhead } from '../../../db/company-letterhead.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { customers } from '../../../db/schema/customers.ts';
import { ruleError } from '../../api-error.ts';
import { addRoute } from '../../route.ts';
import { idParams } from '../common-fields.ts';
import { readDocument, type ResolvedDocument } from '../stock/document-spec.ts';

// The packing slip of a shipped order: what left, lot by lot, and to whom. Readers of the
// order read it (sale and the sales section); the letterhead comes from `general.company`.

export function registerPackingSlipRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  orders: ResolvedDocument,
): void {
  const { db } = deps.database;
  addRoute(app, {
    method: 'GET',
    url: `${orders.binding.entity.api}/:id/packing-slip`,
    access: { area: orders.binding.entity.area },
    summary: 'The packing slip of a shipped sales order: what was shipped, lot by lot',
    params: idParams,
    handler: async ({ params }) => {
      const order: Record<string, unknown> & { id: number } = await readDocument(
        db,
        orders,
        params.id,
      );
      const shipped = await queryRows<PackingSlipLine>(
        db,
        sql`select a.number as packing_list, p.sku as product_sku, p.name as product_name,
                   l.lot_no, l.expiry_date::text, m.code as measure_code,
                   sum(al.qty_shipped)::float8 as qty_shipped
              from allocation_lines al join allocations a on a.id = al.allocation_id
              join products p on p.id = al.product_id
              join measures m on m.id = p.measure_id
              left join stock_lots l on l.id = al.lot_id
             where a.sales_order_id = ${params.id} and al.qty_shipped > 0
             group by a.number, p.sku, p.name, l.lot_no, l.expiry_date, m.code
             order by a.number, p.sku, l.expiry_date nulls last, l.lot_no`,
      );
      if (shipped.length === 0) throw ruleError('status', 'Nothing was shipped on this order yet');
      const [customer] = await db
        .select({ code: customers.code, name: customers.name })
        .from(customers)
        .where(eq(customers.id, Number(order.customer_id)));
      const company = await readLetterhead(db);
      return {
        order,
        customer: {
          code: customer?.code ?? '',
          name: customer?.name ?? '',
          ship_to: (order.ship_to as string | null) ?? null,
          ship_to_province: (order.ship_to_province as string | null) ?? null,
        },
        shipped: shipped.map((s) => ({ ...s, qty_shipped: Number(s.qty_shipped) })),
        company,
      };
    },
  });
}
