import { declareEntity } from '../../entity/entity-declaration.ts';
import { refWithLabel } from '../../entity/shared-fields.ts';
import { WORK_ORDER_PRIORITIES } from './maintenance-values.ts';

// What can go wrong with a machine (docs/domain/production.md §3.4): sections (mechanical,
// electrical…) and the issues of each, with the priority a work order about them starts with.

export const ISSUE_SECTIONS = declareEntity({
  name: 'issue_sections',
  label: 'Issue section',
  pluralLabel: 'Issue sections',
  api: '/api/production/issue-sections',
  area: 'maintenance_admin',
  channel: 'private-production.maintenance',
  event: 'issue_section',
  labelField: 'name',
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    { name: 'code', label: 'Code', kind: 'text', required: true, maxLength: 30, width: 140 },
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 120, width: 240 },
  ],
});

export const ISSUE_DETAILS = declareEntity({
  name: 'issue_details',
  label: 'Issue detail',
  pluralLabel: 'Issue details',
  api: '/api/production/issue-details',
  area: 'maintenance_admin',
  channel: 'private-production.maintenance',
  event: 'issue_detail',
  labelField: 'name',
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    ...refWithLabel('issue_section_id', 'Section', 'issue_sections', 'issue_section_name', {
      required: true,
      width: 170,
    }),
    { name: 'code', label: 'Code', kind: 'text', required: true, maxLength: 30, width: 140 },
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 120, width: 240 },
    {
      name: 'default_priority',
      label: 'Default priority',
      kind: 'enum',
      enumValues: WORK_ORDER_PRIORITIES,
      defaultValue: 'medium',
      required: true,
      width: 160,
    },
  ],
});
