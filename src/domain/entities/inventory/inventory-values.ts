// Closed lists of Inventory (docs/domain/inventory.md §2), shared by declarations, the
// change-control machine and the views. The database CHECKs in server/db/schema/inventory.ts hold
// the same.

export const MEASURE_KINDS = ['count', 'volume', 'mass'] as const;

export const PRODUCT_TYPES = [
  'nicotine_base',
  'flavour_concentrate',
  'carrier',
  'raw_material',
  'bulk_liquid',
  'bottle',
  'cap',
  'label',
  'carton',
  'finished_good',
  'kit',
  'rd_sample',
] as const;

/** The product types a sales order sells: finished goods, and kits assembled from them. */
export const SELLABLE_PRODUCT_TYPES = [
  'finished_good',
  'kit',
] as const satisfies readonly (typeof PRODUCT_TYPES)[number][];

/**
 * The product types a formula is made of (an R&D sample's ingredients): nicotine, flavour
 * concentrates, carriers and other raw materials; never a bulk liquid, packaging or a good.
 */
export const INGREDIENT_PRODUCT_TYPES = [
  'nicotine_base',
  'flavour_concentrate',
  'carrier',
  'raw_material',
] as const satisfies readonly (typeof PRODUCT_TYPES)[number][];

export const NICOTINE_TYPES = ['freebase', 'salt', 'none'] as const;

export const PRODUCT_STATUSES = ['pending_approval', 'active', 'inactive', 'discontinued'] as const;

export const CHANGE_SET_SOURCES = ['manual', 'import', 'rd_promotion'] as const;

export const CHANGE_ACTIONS = ['create', 'update', 'deactivate'] as const;

/** A product change request's lifecycle (product-change.machine.ts drives it). */
export const PRODUCT_CHANGE_STATUSES = [
  'draft',
  'submitted',
  'changes_requested',
  'applied',
  'rejected',
  'withdrawn',
] as const;

export type ProductChangeStatus = (typeof PRODUCT_CHANGE_STATUSES)[number];
export type ProductChangeAction = (typeof CHANGE_ACTIONS)[number];
