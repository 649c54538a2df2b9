import { declareEntity } from '../../entity/entity-declaration.ts';
import type { EntityField } from '../../entity/entity-field.ts';
import { numberField, productFields } from '../../entity/shared-fields.ts';
import { HPLC_REQUEST_REASONS, HPLC_REQUEST_STATUSES } from './production-order-values.ts';

// HPLC requests HR- and their results (docs/domain/production.md §3.2), one list: the lab's queue.
// A request is raised by the server (a finished batch, a retest, a recovery, an R&D sample sent
// with HPLC asked for: no product, no lot); the lab enters one result
// per request, judged by the server against the ranges copied onto it at test time.

const shown = <const N extends string>(
  name: N,
  label: string,
  precision: number,
  width = 110,
): EntityField<N, 'number'> => ({
  name,
  label,
  kind: 'number',
  precision,
  readOnly: true,
  listOnly: true,
  width,
});

export const HPLC_REQUESTS = declareEntity({
  name: 'hplc_requests',
  label: 'HPLC request',
  pluralLabel: 'HPLC requests',
  api: '/api/production/hplc-requests',
  area: 'production_hplc',
  channel: 'private-production.hplc',
  event: 'hplc',
  labelField: 'number',
  defaultSort: { field: 'number', direction: 'desc' },
  writable: false,
  fields: [
    numberField('number', 'Number'),
    {
      name: 'production_order_id',
      label: 'Order id',
      kind: 'number',
      precision: 0,
      readOnly: true,
      hidden: true,
    },
    {
      name: 'production_order_number',
      label: 'Order',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 110,
    },
    {
      name: 'recovery_id',
      label: 'Recovery id',
      kind: 'number',
      precision: 0,
      readOnly: true,
      hidden: true,
    },
    {
      name: 'recovery_number',
      label: 'Recovery',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 110,
    },
    {
      name: 'rd_sample_id',
      label: 'R&D sample id',
      kind: 'number',
      precision: 0,
      readOnly: true,
      hidden: true,
    },
    {
      name: 'rd_sample_number',
      label: 'R&D sample',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 110,
      link: { path: '/rd/sample/specifications', idField: 'rd_sample_id' },
    },
    ...productFields(),
    { name: 'lot_no', label: 'Lot', kind: 'text', readOnly: true, listOnly: true, width: 110 },
    { name: 'sample_no', label: 'Sample', kind: 'number', precision: 0, readOnly: true, width: 80 },
    {
      name: 'reason',
      label: 'Reason',
      kind: 'enum',
      enumValues: HPLC_REQUEST_REASONS,
      valueLabels: { rd: 'R&D' },
      readOnly: true,
      width: 100,
    },
    {
      name: 'status',
      label: 'Status',
      kind: 'enum',
      enumValues: HPLC_REQUEST_STATUSES,
      tag: true,
      readOnly: true,
      width: 130,
    },
    shown('nominal_mg', 'Nominal mg', 3),
    shown('measured_mg', 'Measured mg', 3),
    shown('percent_of_claim', '% of claim', 3),
    shown('min_pct', 'Min %', 2, 90),
    shown('max_pct', 'Max %', 2, 90),
    { name: 'passed', label: 'Passed', kind: 'boolean', readOnly: true, listOnly: true, width: 90 },
    {
      name: 'analyst_name',
      label: 'Analyst',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 140,
    },
    {
      name: 'tested_at',
      label: 'Tested',
      kind: 'datetime',
      readOnly: true,
      listOnly: true,
      width: 160,
    },
    {
      name: 'created_at',
      label: 'Requested',
      kind: 'datetime',
      readOnly: true,
      listOnly: true,
      width: 160,
    },
  ],
});
