import { sql } from 'drizzle-orm';
import type { Tx } from './client.ts';
import { arrayParam } from './array-param.ts';

// The shared resources a write reads and changes besides its own row: the stock of a product
// at a location, a customer's open credit, a supplier's unapproved purchases of a day. Each is
// a transaction-scoped advisory lock named by its key, held until commit, so two people acting
// on the same resource take turns and the second one reads what the first one committed.
//
// Every writer takes its keys in one global order (sorted, in one statement), after the row
// lock of its own record: two writers that share keys queue on the first key they share and
// can never hold one each of two keys the other wants. A transaction that already holds a key
// takes it again at once (advisory locks count per session), so a posting inside an event that
// declared the same stock keys does not wait on itself.

/** One shared resource's lock name. */
export type ResourceKey = string & { readonly __resource: true };

/** Stock of one product at one location: postings, allocations and counts of it take turns. */
export const stockKey = (productId: number, locationId: number) =>
  `stock_movements:${productId}:${locationId}` as ResourceKey;

/** A customer's open orders against its credit limit. */
export const customerCreditKey = (customerId: number) => `credit:${customerId}` as ResourceKey;

/** A supplier's unapproved purchase orders of one day, counted against the approval threshold. */
export const supplierDayKey = (supplierId: number, day: string) =>
  `supplier_day:${supplierId}:${day}` as ResourceKey;

/** A lot's open containers: marking one empty reads whether it is the lot's last. */
export const lotContainersKey = (lotId: number) => `lot_containers:${lotId}` as ResourceKey;

/** The revisions of one training document code: only one of them is effective at a time. */
export const trainingDocumentCodeKey = (code: string) =>
  `training_document_code:${code}` as ResourceKey;

/** A stamp reel's stamps: what is left on it is read before any of them is taken or moved. */
export const stampReelKey = (reelId: number) => `stamp_reel:${reelId}` as ResourceKey;

/** A forecast period's status and plan: its events and its plan rows' events take turns. */
export const forecastPeriodKey = (periodId: number) => `forecast_period:${periodId}` as ResourceKey;

/** A machine's status, which each of its open work orders' writes brings in line. */
export const machineKey = (machineId: number) => `machine:${machineId}` as ResourceKey;

/** A project's tasks: completing the project reads them, each task's events read the project. */
export const pmProjectKey = (projectId: number) => `pm_project:${projectId}` as ResourceKey;

/** Takes every key (deduplicated, sorted) until commit. */
export async function lockResources(tx: Tx, keys: readonly ResourceKey[]): Promise<void> {
  const sorted = [...new Set(keys)].sort();
  if (sorted.length === 0) return;
  // One statement for all of them (an import's batch names hundreds: a round trip each was a
  // quarter of its apply time). The function scan hands the array's elements over in order,
  // so the locks are still taken one after another in the sorted order.
  await tx.execute(
    sql`select count(pg_advisory_xact_lock(hashtext(k))) from unnest(${arrayParam(sorted, 'text')}) as k`,
  );
}
