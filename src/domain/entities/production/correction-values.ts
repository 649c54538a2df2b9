// Closed lists of production order corrections and recoveries (docs/domain/production.md §3.2),
// shared by the declarations, the machines, the server's effects and the database CHECKs.

/** What a correction may change on an order: its batch volume, a counter, or an ingredient. */
export const CORRECTION_FIELDS = [
  'actual_batch_ml',
  'bottled_units',
  'bottling_waste_units',
  'labeled_units',
  'label_waste_units',
  'stamped_units',
  'stamping_waste_units',
  'transferred_units',
  'ingredient_consumed',
] as const;
export type CorrectionField = (typeof CORRECTION_FIELDS)[number];

/** The order counters among the fields (everything but an ingredient's consumption). */
export type OrderCounter = Exclude<CorrectionField, 'ingredient_consumed'>;

/** The flow phase whose operation a field's count belongs to. */
export const CORRECTION_FIELD_PHASE: Readonly<Record<CorrectionField, string>> = {
  actual_batch_ml: 'batching',
  ingredient_consumed: 'batching',
  bottled_units: 'bottling',
  bottling_waste_units: 'bottling',
  labeled_units: 'labeling',
  label_waste_units: 'labeling',
  stamped_units: 'stamping',
  stamping_waste_units: 'stamping',
  transferred_units: 'transfer',
};

/** requested → approved → applied; requested or approved → rejected. */
export const CORRECTION_STATUSES = ['requested', 'approved', 'applied', 'rejected'] as const;
export type CorrectionStatus = (typeof CORRECTION_STATUSES)[number];

/** Corrections still open: an order with one cannot be closed. */
export const OPEN_CORRECTION_STATUSES: readonly CorrectionStatus[] = ['requested', 'approved'];

/**
 * The order statuses a correction may be requested in: something was counted, and the order
 * is not cancelled. **decision:** released orders have no counts yet; closed ones only admin.
 */
export const CORRECTABLE_ORDER_STATUSES = [
  'in_progress',
  'on_hold',
  'completed',
  'closed',
] as const;

export const RECOVERY_SOURCE_TYPES = ['production_order', 'stamping_order', 'lot'] as const;
export type RecoverySourceType = (typeof RECOVERY_SOURCE_TYPES)[number];

/** draft → posted → released | scrapped; draft → cancelled. */
export const RECOVERY_STATUSES = ['draft', 'posted', 'released', 'scrapped', 'cancelled'] as const;
export type RecoveryStatus = (typeof RECOVERY_STATUSES)[number];

/** The recovered lot's test: pending once posted, then passed or failed. */
export const RECOVERY_HPLC_STATUSES = ['none', 'pending', 'passed', 'failed'] as const;
