import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';

export const TAG_COLOR = /^#[0-9a-fA-F]{6}$/;

export const TAGS = declareEntity({
  name: 'tags',
  label: 'Tag',
  pluralLabel: 'Tags',
  api: '/api/general/tags',
  area: 'general',
  channel: 'private-general.tags',
  event: 'tag',
  labelField: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 60, width: 200 },
    {
      name: 'color',
      label: 'Colour',
      kind: 'text',
      maxLength: 7,
      defaultValue: '#409EFF',
      width: 110,
    },
  ],
});
