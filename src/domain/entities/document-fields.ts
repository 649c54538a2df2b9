import type { EntityField } from '../entity/entity-field.ts';

// Fields the order documents (purchase orders, supplier invoices, sales orders) declare alike.

/** An amount the server computes (a total, a tax), shown in the document's currency. */
export const moneyField = (
  name: string,
  label: string,
  extra: Partial<EntityField> = {},
): EntityField => ({
  name,
  label,
  kind: 'money',
  readOnly: true,
  width: 120,
  ...extra,
});

/** A fact the server computes for the workflow's guards; never shown, filtered or sorted. */
export const workflowFact = (name: string, label: string): EntityField => ({
  name,
  label,
  kind: 'boolean',
  readOnly: true,
  listOnly: true,
  hidden: true,
  filterable: false,
  sortable: false,
});
