import { declareEntity } from '../../entity/entity-declaration.ts';
import type { LineItems } from '../../entity/line-fields.ts';
import { ACTIVE_FIELD, NAME_FIELD, refWithLabel } from '../../entity/shared-fields.ts';
import { MODULE_FIELD } from './production-fields.ts';

/**
 * Flows (docs/domain/production.md §3.1): the ordered phases and operations an order of a product
 * follows. Its actions travel as `actions` lines of the flow (FLOW_ACTION_LINES), numbered by
 * position.
 */
export const FLOWS = declareEntity({
  name: 'flows',
  label: 'Flow',
  pluralLabel: 'Flows',
  api: '/api/production/flows',
  area: 'production_main',
  channel: 'private-production.flows',
  event: 'flow',
  labelField: 'name',
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    MODULE_FIELD,
    { name: 'code', label: 'Code', kind: 'text', required: true, maxLength: 30, width: 150 },
    NAME_FIELD,
    ACTIVE_FIELD,
    {
      name: 'action_count',
      label: 'Actions',
      kind: 'number',
      precision: 0,
      readOnly: true,
      listOnly: true,
      width: 90,
    },
  ],
});

/** One step of a flow; its `seq` is its position in the lines (1, 2, 3…). */
export const FLOW_ACTION_LINES: LineItems = {
  name: 'actions',
  label: 'Actions',
  minLines: 1,
  fields: [
    ...refWithLabel('phase_id', 'Phase', 'phases', 'phase_name', { required: true, width: 150 }),
    ...refWithLabel('operation_id', 'Operation', 'operations', 'operation_name', { width: 180 }),
    { name: 'is_optional', label: 'Optional', kind: 'boolean', defaultValue: false, width: 100 },
    {
      name: 'requires_previous_done',
      label: 'Needs previous done',
      kind: 'boolean',
      defaultValue: true,
      width: 160,
    },
  ],
};
