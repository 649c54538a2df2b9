import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps.ts';
import { queryRows } from '../../../db/query-rows.ts';

// After commit, the transfer and shipping dashboards hear what moved
// (docs/domain/production.md §3.5 realtime: `private-production.transfer` →
// transfer/skid/cart/pail/order.updated, `.shipping` → shipment.updated). Rows go out as ids and
// versions only: each dashboard reads its own shape of the row (counts, labels) at its read route,
// so a delta never carries a row shaped for another list.

export const TRANSFER_CHANNEL = 'private-production.transfer';
export const SHIPPING_CHANNEL = 'private-production.shipping';

const TABLES = {
  transfer: 'transfers',
  skid: 'skids',
  order: 'production_orders',
  pail: 'pails',
} as const;

type Kind = keyof typeof TABLES;

export type TransferNews = Partial<Record<Kind, readonly number[]>> & {
  /** Shipments by document: transfers (id × 2) and packing lists (id × 2 + 1). */
  shipments?: { transfers?: readonly number[]; packingLists?: readonly number[] };
};

type Stamp = { id: number; version: number; seq: number };

async function stamps(deps: Pick<AppDeps, 'database'>, table: string, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return queryRows<Stamp>(
    deps.database.db,
    sql`select id::int as id, version, seq::float8 as seq from ${sql.identifier(table)}
         where id in (${sql.join(
           [...new Set(ids)].map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
}

export async function announceTransferNews(
  deps: Pick<AppDeps, 'database' | 'realtime'>,
  news: TransferNews,
): Promise<void> {
  const { publisher } = deps.realtime;
  for (const kind of Object.keys(TABLES) as Kind[]) {
    for (const row of await stamps(deps, TABLES[kind], news[kind] ?? [])) {
      await publisher.publish({
        channels: [TRANSFER_CHANNEL],
        event: `${kind}.updated`,
        data: { id: row.id, seq: Number(row.seq), version: row.version, data: null },
      });
    }
  }
  const shipments = [
    ...(await stamps(deps, 'transfers', news.shipments?.transfers ?? [])).map((r) => ({
      ...r,
      id: r.id * 2,
    })),
    ...(await stamps(deps, 'allocations', news.shipments?.packingLists ?? [])).map((r) => ({
      ...r,
      id: r.id * 2 + 1,
    })),
  ];
  for (const row of shipments) {
    await publisher.publish({
      channels: [SHIPPING_CHANNEL],
      event: 'shipment.updated',
      data: { id: row.id, seq: Number(row.seq), version: row.version, data: null },
    });
  }
}
