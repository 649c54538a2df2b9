import type { EntityField, FieldExtra } from '../entity/entity-field.ts';

// Fields the order documents (purchase orders, supplier invoices, sales orders) declare alike,
// their literal names and kinds kept for RowOf (docs/architecture.md "Entities").

/** An amount the server computes (a total, a tax), shown in the document's currency. */
export const moneyField = <const N extends string>(
  name: N,
  label: string,
  extra: FieldExtra = {},
): EntityField<N, 'money'> => ({
  name,
  label,
  kind: 'money',
  readOnly: true,
  width: 120,
  ...extra,
});

/** A fact the server computes for the workflow's guards; never shown, filtered or sorted. */
export const workflowFact = <const N extends string>(
  name: N,
  label: string,
): EntityField<N, 'boolean'> => ({
  name,
  label,
  kind: 'boolean',
  readOnly: true,
  listOnly: true,
  hidden: true,
  filterable: false,
  sortable: false,
});
