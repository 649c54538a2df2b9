// Closed lists of assembly orders (docs/domain/assembly.md §4), shared by the declarations, the
// order machine, the dashboards and the database CHECKs.

export const ASSEMBLY_ORDER_STATUSES = [
  'draft',
  'released',
  'in_progress',
  'on_hold',
  'completed',
  'closed',
  'cancelled',
] as const;
export type AssemblyOrderStatus = (typeof ASSEMBLY_ORDER_STATUSES)[number];

/**
 * Where a released kit order stands on the line, one stage per crew: the sealer seals the
 * components into kits, the stamper stamps them, the cartoner cartons them into stock, which
 * completes the order. The kits then ship on sales orders like any finished good; the last
 * three stages are only those of orders recorded when the line still shipped its own kits,
 * kept so their rows stay valid.
 */
export const ASSEMBLY_STAGES = [
  'sealing',
  'stamping',
  'cartoning',
  'transfer_pending',
  'transferred',
  'shipped',
] as const;
export type AssemblyStage = (typeof ASSEMBLY_STAGES)[number];

/** The stages of the line today: the dashboard's columns, where a held order resumes. */
export const ASSEMBLY_FLOOR_STAGES = [
  'sealing',
  'stamping',
  'cartoning',
] as const satisfies readonly AssemblyStage[];

/** The statuses an order is open in: on the line or about to be. */
export const OPEN_ASSEMBLY_STATUSES = ['released', 'in_progress', 'on_hold'] as const;
