import { eq, sql } from 'drizzle-orm';
import { ASSEMBLY_ORDERS, assemblyOrderDoc } from '../../shared/entities/assembly-orders.entity.ts';
import type { Tx } from '../../../../server/db/client.ts';
import { nextNumber } from '../../../../server/db/document-number.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { assemblyOrders } from '../db/assembly.schema.ts';
import { flows } from '../../../../server/db/schema/production-config.ts';
import { rowFound } from '../../../../server/db/row-found.ts';
import { ApiError, ruleError } from '../../../../server/errors/api-error.ts';
import {
  qualified,
  refLabel,
  type EntityBinding,
} from '../../../../server/http/entity/entity-binding.ts';
import {
  createdLabels,
  parameterLabel,
  productLabels,
} from '../../../../server/http/entity/shared-field-labels.ts';

// Assembly orders on the entity pattern: admin writes drafts (numbered AO-, of a kit with
// components, on an active assembly flow); past draft only workflow events change an order.
// The computed facts are what the machine's guards and the browser's buttons read.

const ao = assemblyOrders;
const id = qualified(ao.id);

async function checkKit(tx: Tx, productId: number): Promise<void> {
  const [kit] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from product_components where product_id = ${productId}`,
  );
  if (!kit || Number(kit.n) === 0) throw ruleError('product_id', 'Choose a kit with components');
}

async function checkFlow(tx: Tx, flowId: number): Promise<void> {
  const [flow] = await tx
    .select({ module: flows.module, active: flows.active })
    .from(flows)
    .where(eq(flows.id, flowId));
  if (!flow) throw ruleError('flow_id', 'exists');
  if (flow.module !== 'assembly' || !flow.active) {
    throw ruleError('flow_id', 'Choose an active assembly flow');
  }
}

export const assemblyOrderBinding: EntityBinding & { table: typeof assemblyOrders } = {
  entity: ASSEMBLY_ORDERS,
  table: ao,
  computed: {
    ...productLabels(ao.productId),
    flow_name: refLabel(ao.flowId, flows),
    stamp_jurisdiction_name: parameterLabel(ao.stampJurisdictionId),
    has_components: rowFound(sql`from product_components c
        where c.product_id = ${qualified(ao.productId)}`),
    has_consumption: rowFound(sql`from stock_movements m
        where m.source_type = 'assembly_orders' and m.source_id = ${id}
          and m.movement_type = 'consume'`),
    ...createdLabels(ao.createdBy),
  },
  hooks: {
    beforeWrite: async ({ tx, values, before }) => {
      const status = before && assemblyOrderDoc(before).status;
      if (before && status !== 'draft') {
        throw ruleError(
          'status',
          `A ${(status ?? '').replaceAll('_', ' ')} order cannot be edited`,
        );
      }
      if (values.product_id !== undefined) await checkKit(tx, Number(values.product_id));
      if (values.flow_id !== undefined) await checkFlow(tx, Number(values.flow_id));
    },
    // The number is the server's: written after the row, in its transaction.
    afterWrite: async ({ tx, before, after }) => {
      if (before) return;
      await tx
        .update(ao)
        .set({ number: await nextNumber(tx, 'assembly_order') })
        .where(eq(ao.id, after.id));
    },
    beforeDelete: async ({ before }) => {
      if (before.status !== 'draft') throw new ApiError('database_delete_7', null, 409);
    },
  },
};
