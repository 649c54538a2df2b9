// Closed lists of production transfers (docs/domain/production.md §3.2 pail_transfers; §3.5),
// shared by the declarations, the dashboards and the database CHECKs.

/**
 * Whether a production order's finished units are on their way (docs/product.md §4 tags):
 * in_transfer while some sit on a skid or a transfer not yet received, not_in_transfer otherwise.
 */
export const ORDER_TRANSFER_STATUSES = ['in_transfer', 'not_in_transfer'] as const;

/** Transfers still moving: shown on the transfer dashboard. */
export const OPEN_TRANSFER_STATUSES = [
  'draft',
  'requested',
  'ready',
  'in_transit',
  'partially_received',
  'discrepancy',
] as const;

/** Skids the transfer crew works with: being loaded, wrapped, or on the road. */
export const ACTIVE_SKID_STATUSES = ['open', 'closed', 'in_transfer'] as const;

/** Who moves pails of bulk between phases (decision: the floor that fills and empties them). */
export const PAIL_MOVERS: readonly string[] = [
  'batcher',
  'supervisor_batcher',
  'bottler',
  'supervisor_production',
  'transfer',
];

/** What a shipment on the shipping dashboard is: a transfer or a packed packing list. */
export const SHIPMENT_KINDS = ['transfer', 'packing_list'] as const;
