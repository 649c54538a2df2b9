import { declareEntity } from '../../entity/entity-declaration.ts';
import {
  refWithLabel,
  createdFields,
  numberField,
  statusField,
} from '../../entity/shared-fields.ts';
import { WORK_ORDER_PRIORITIES, WORK_ORDER_STATUSES } from './maintenance-values.ts';

// Machine work orders WO- (docs/domain/production.md §3.4): anyone on the production floor reports
// a problem with a machine; the maintenance admins triage it, the automation technicians work it
// (work-order.machine.ts). A `machine_down` order keeps its machine down until it is resolved.

const readOnlyTime = <const N extends string>(name: N, label: string) =>
  ({ name, label, kind: 'datetime', readOnly: true, width: 160 }) as const;

export const WORK_ORDERS = declareEntity({
  name: 'work_orders',
  label: 'Work order',
  pluralLabel: 'Work orders',
  api: '/api/production/work-orders',
  // Read and requested by every production role; the machine decides each event by role.
  area: 'maintenance_requests',
  channel: 'private-production.machines',
  event: 'work_order',
  labelField: 'number',
  searchable: {
    fields: ['number', 'machine_code'],
    page: '/production/work-orders',
    form: '/production/work-order',
  },
  defaultSort: { field: 'id', direction: 'desc' },
  fields: [
    numberField('number', 'Number'),
    ...refWithLabel('machine_id', 'Machine', 'machines', 'machine_code', {
      required: true,
      width: 120,
    }),
    {
      name: 'issue_section_name',
      label: 'Section',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 140,
    },
    ...refWithLabel('issue_detail_id', 'Issue', 'issue_details', 'issue_detail_name', {
      required: true,
      width: 200,
    }),
    // A request may leave it out: the default priority is taken, and triage adjusts it.
    {
      name: 'priority',
      label: 'Priority',
      kind: 'enum',
      enumValues: WORK_ORDER_PRIORITIES,
      required: true,
      width: 110,
    },
    {
      name: 'machine_down',
      label: 'Machine down',
      kind: 'boolean',
      defaultValue: false,
      width: 120,
    },
    statusField(WORK_ORDER_STATUSES),
    {
      name: 'description',
      label: 'Description',
      kind: 'textarea',
      required: true,
      maxLength: 2000,
      width: 260,
    },
    ...refWithLabel('assigned_to', 'Assigned to', 'maintenance_assignees', 'assigned_to_name', {
      width: 150,
    }),
    {
      name: 'reported_by_name',
      label: 'Reported by',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 150,
    },
    readOnlyTime('opened_at', 'Opened'),
    readOnlyTime('started_at', 'Started'),
    readOnlyTime('completed_at', 'Completed'),
    {
      name: 'downtime_minutes',
      label: 'Downtime (min)',
      kind: 'number',
      precision: 0,
      readOnly: true,
      width: 130,
    },
    { name: 'hold_reason', label: 'Hold reason', kind: 'textarea', readOnly: true, hidden: true },
    { name: 'resolution', label: 'Resolution', kind: 'textarea', readOnly: true, hidden: true },
    ...createdFields,
  ],
});

/**
 * Who a work order can be assigned to: the active technicians and maintenance admins. A lookup
 * of users for the assignee picker, which the users list (admin only) cannot serve.
 */
export const MAINTENANCE_ASSIGNEES = declareEntity({
  name: 'maintenance_assignees',
  label: 'Assignee',
  pluralLabel: 'Assignees',
  api: '/api/production/maintenance-assignees',
  area: 'maintenance_requests',
  channel: 'private-production.machines',
  event: 'maintenance_assignee',
  labelField: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
  writable: false,
  fields: [
    { name: 'name', label: 'Name', kind: 'text', readOnly: true, width: 200 },
    { name: 'username', label: 'Username', kind: 'text', readOnly: true, width: 160 },
  ],
});

/**
 * The comments report (docs/domain/production.md §3.4): every comment with its order, machine and
 * issue.
 */
export const WORK_ORDER_COMMENTS_REPORT = declareEntity({
  name: 'work_order_comments',
  label: 'Work order comment',
  pluralLabel: 'Work order comments',
  api: '/api/production/reports/work-order-comments',
  area: 'maintenance_admin',
  channel: 'private-production.machines',
  event: 'work_order_comment',
  labelField: 'work_order_number',
  defaultSort: { field: 'created_at', direction: 'desc' },
  writable: false,
  fields: [
    {
      name: 'work_order_id',
      label: 'Work order id',
      kind: 'number',
      precision: 0,
      hidden: true,
      readOnly: true,
    },
    { name: 'work_order_number', label: 'Work order', kind: 'text', readOnly: true, width: 140 },
    ...refWithLabel('machine_id', 'Machine', 'machines', 'machine_code', { width: 120 }).map(
      (f) => ({ ...f, readOnly: true }),
    ),
    {
      name: 'issue_section_name',
      label: 'Section',
      kind: 'text',
      readOnly: true,
      width: 140,
    },
    { name: 'issue_detail_name', label: 'Issue', kind: 'text', readOnly: true, width: 170 },
    { name: 'body', label: 'Comment', kind: 'textarea', readOnly: true, width: 320 },
    { name: 'created_by_name', label: 'Author', kind: 'text', readOnly: true, width: 150 },
    { name: 'created_at', label: 'Date', kind: 'datetime', readOnly: true, width: 160 },
  ],
});
