// The QR labels printed for what moves through the plant (docs/domain/production.md §3.2
// qr_labels): production's carts, skids and pails, and the lab's containers. Shared by the
// declarations, the label sheets of both modules and the database CHECKs.

/** What a transfer QR label is printed for; its payload is the thing's code. */
export const QR_LABEL_ENTITY_TYPES = ['cart', 'skid', 'pail', 'container'] as const;
export type QrLabelEntityType = (typeof QR_LABEL_ENTITY_TYPES)[number];

/** The code each kind of labelled thing starts with (the QR payload says what it is). */
export const QR_CODE_PREFIX: Readonly<Record<QrLabelEntityType, string>> = {
  cart: 'CA-',
  skid: 'SK-',
  pail: 'PA-',
  container: 'CT-',
};

/** One label as generated: what to encode and how many copies to print. */
export type QrLabel = {
  entity_type: QrLabelEntityType;
  /** Null for a container typed by its code. */
  entity_id: number | null;
  payload: string;
  copies: number;
};

/** Most copies of one label printed at once (a sheet, not a roll). */
export const QR_MAX_COPIES = 50;
