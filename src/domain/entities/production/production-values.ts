// Closed lists of Production's configuration (docs/domain/production.md §3.1), shared by the
// declarations and the views. The database CHECKs in server/db/schema/production-config.ts hold the
// same.

/** Phases, operations and flows belong to the bottling plant or the kit assembly line. */
export const PRODUCTION_MODULES = ['production', 'assembly'] as const;

export const MACHINE_KINDS = [
  'mixer',
  'filler',
  'capper',
  'labeler',
  'stamper',
  'sealer',
  'cartoner',
  'hplc',
  'other',
] as const;

/** How a kind reads in a picker where title case would get it wrong. */
export const MACHINE_KIND_LABELS: Readonly<Record<string, string>> = { hplc: 'HPLC' };

export const MACHINE_STATUSES = ['operational', 'down', 'maintenance', 'retired'] as const;

export const CART_STATUSES = ['available', 'in_use', 'out_of_service'] as const;

export const SKID_STATUSES = ['open', 'closed', 'in_transfer', 'received', 'shipped'] as const;

export const PAIL_STATUSES = ['empty', 'filled', 'in_transfer', 'at_bottling', 'cleaning'] as const;
