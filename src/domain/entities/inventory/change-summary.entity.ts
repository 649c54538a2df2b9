import { declareEntity } from '../../entity/entity-declaration.ts';
import { rowOf, type RowOf } from '../../entity/row-of.ts';
import type { EntityRow } from '../entity-row.ts';
import type { ProductChangeRow } from './product-changes.entity.ts';
import { CHANGE_SET_SOURCES } from './inventory-values.ts';

/** Change sets with their request counts (change_summary, /change_summary/{id}). */
export const CHANGE_SUMMARY = declareEntity({
  name: 'product_change_sets',
  label: 'Change set',
  pluralLabel: 'Change summary',
  api: '/api/inventory/change_summary',
  area: 'inventory_changes',
  channel: 'private-inventory.product-changes',
  event: 'change_set',
  labelField: 'number',
  defaultSort: { field: 'id', direction: 'desc' },
  writable: false,
  fields: [
    { name: 'number', label: 'Number', kind: 'text', readOnly: true, width: 120 },
    { name: 'title', label: 'Title', kind: 'text', readOnly: true, width: 280 },
    {
      name: 'source',
      label: 'Source',
      kind: 'enum',
      enumValues: CHANGE_SET_SOURCES,
      readOnly: true,
      width: 100,
    },
    {
      name: 'status',
      label: 'Status',
      kind: 'enum',
      enumValues: ['in_progress', 'done'],
      tag: true,
      readOnly: true,
      listOnly: true,
      width: 130,
    },
    {
      name: 'request_count',
      label: 'Requests',
      kind: 'number',
      precision: 0,
      readOnly: true,
      listOnly: true,
      width: 100,
    },
    {
      name: 'open_count',
      label: 'Open',
      kind: 'number',
      precision: 0,
      readOnly: true,
      listOnly: true,
      width: 90,
    },
    {
      name: 'applied_count',
      label: 'Applied',
      kind: 'number',
      precision: 0,
      readOnly: true,
      listOnly: true,
      width: 90,
    },
    {
      name: 'rejected_count',
      label: 'Rejected',
      kind: 'number',
      precision: 0,
      readOnly: true,
      listOnly: true,
      width: 90,
    },
    {
      name: 'created_by_name',
      label: 'Created by',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 150,
    },
    { name: 'created_at', label: 'Created', kind: 'datetime', readOnly: true, width: 170 },
  ],
});

/** A change set as GET /:id answers it: the set with its product change requests. */
export type ChangeSetDoc = RowOf<typeof CHANGE_SUMMARY> & { requests?: ProductChangeRow[] };

/** A row read as a change set, its requests as product change requests. */
export const changeSetDoc = (row: EntityRow): ChangeSetDoc => rowOf(CHANGE_SUMMARY, row);
