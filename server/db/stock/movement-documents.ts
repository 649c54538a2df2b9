import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  MOVEMENT_SOURCES,
  type MovementSource,
} from '../../../src/domain/entities/stock/inventory-movements.entity.ts';
import {
  productionOrderCorrections,
  productionRecoveries,
} from '../schema/production-corrections.ts';
import { assemblyOrders } from '../../../modules/assembly/server/db/assembly.schema.ts';
import { labReceivings } from '../../../modules/lab/server/db/lab-receiving.schema.ts';
import { productionOrders } from '../schema/production-orders.ts';
import {
  productStampingOrderCorrections,
  productStampingOrders,
} from '../schema/stamping-orders.ts';
import { receivings, stockAdjustments, stockCounts, transfers } from '../schema/stock.ts';
import { allocations } from '../schema/allocations.ts';

// Where each movement came from: the document table its `source_type` names, and the page
// that opens one of them. Keyed by every MovementSource, so a new writer of the ledger cannot
// leave its movements without a document number in the report.

type MovementDocument = {
  table: PgTable & { id: AnyPgColumn; number: AnyPgColumn };
  /** The form that opens the document (`/inventory/receiving/12`); null where none opens one. */
  route: string | null;
};

const DOCUMENTS: Readonly<Record<MovementSource, MovementDocument>> = {
  receivings: { table: receivings, route: '/inventory/receiving/' },
  stock_adjustments: { table: stockAdjustments, route: '/inventory/stock-adjustment/' },
  stock_counts: { table: stockCounts, route: '/inventory/stock-count/' },
  transfers: { table: transfers, route: '/inventory/transfer/' },
  allocations: { table: allocations, route: '/inventory/allocation/' },
  production_orders: { table: productionOrders, route: null },
  production_recoveries: { table: productionRecoveries, route: null },
  production_order_corrections: { table: productionOrderCorrections, route: null },
  product_stamping_orders: { table: productStampingOrders, route: null },
  product_stamping_order_corrections: { table: productStampingOrderCorrections, route: null },
  lab_receivings: { table: labReceivings, route: '/lab/receiving/' },
  assembly_orders: { table: assemblyOrders, route: null },
};

/** The number of the movement's document (RC-00012, MO-00106), or null without one. */
export function documentNumber(sourceType: SQL, sourceId: SQL): SQL<string | null> {
  const branches = MOVEMENT_SOURCES.map((source) => {
    const { table } = DOCUMENTS[source];
    return sql`when ${source} then (select d.number from ${sql.identifier(getTableName(table))} d where d.id = ${sourceId})`;
  });
  return sql<string | null>`(case ${sourceType} ${sql.join(branches, sql` `)} end)`;
}

/** The page that opens the movement's document, or null where no form opens one. */
export function documentRoute(sourceType: SQL, sourceId: SQL): SQL<string | null> {
  const branches = MOVEMENT_SOURCES.flatMap((source) => {
    const { route } = DOCUMENTS[source];
    return route === null ? [] : [sql`when ${source} then ${route}::text || ${sourceId}`];
  });
  return sql<string | null>`(case ${sourceType} ${sql.join(branches, sql` `)} end)`;
}
