// Closed lists of Lab Receiving (docs/domain/lab-receiving.md §10), shared by the declarations, the
// workflow and the database CHECKs.

export const LAB_RECEIVING_STATUSES = [
  'draft',
  'received',
  'inspected',
  'rejected',
  'posted',
  'released',
] as const;

export const CONTAINER_STATUSES = [
  'received',
  'quarantine',
  'released',
  'in_use',
  'empty',
  'disposed',
] as const;

/**
 * WHMIS flammable liquid categories 1–4 (1 the most hazardous), and not_flammable (decision):
 * PG, VG and nicotine bases flash above 93 °C, and inspection needs every item classed.
 */
export const HAZARD_CATEGORIES = ['1', '2', '3', '4', 'not_flammable'] as const;

/** Product types received through the lab: nicotine, flavour concentrates, PG/VG carriers. */
export const LAB_PRODUCT_TYPES = ['nicotine_base', 'flavour_concentrate', 'carrier'] as const;

/** The product type whose items need a certificate of analysis before inspection. */
export const COA_REQUIRED_TYPE = 'nicotine_base';

/** Location types chemicals are received into: the lab itself, or quarantine until QC. */
export const LAB_LOCATION_TYPES = ['lab', 'quarantine'] as const;
