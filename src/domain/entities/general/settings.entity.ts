import { z } from 'zod';
import type { EntityDeclaration } from '../../entity/entity-declaration.ts';

// Settings are seeded, never created or deleted through the API: their keys are what code
// reads. Only `value` is edited (PUT with version).

const pct = z
  .number()
  .min(0, { message: 'Must be 0 or more' })
  .max(100, { message: 'Must be 100 or less' });

/** The shape of the value of the settings code relies on; other keys keep their JSON type. */
export const KNOWN_SETTINGS: Readonly<Record<string, z.ZodType>> = {
  'inventory.allow_negative': z.boolean({ message: 'Must be true or false' }),
  'production.zero_nic_max_mg': z.number().min(0, { message: 'Must be 0 or more' }),
  'inventory.count_tolerance_pct': pct,
  'purchase.over_receipt_pct': pct,
};

export const settingValueSchema = z.strictObject({
  value: z.json(),
  version: z.coerce.number().int().positive(),
});

export const SETTINGS: EntityDeclaration = {
  name: 'settings',
  label: 'Setting',
  pluralLabel: 'Settings',
  api: '/api/general/settings',
  area: 'general',
  channel: 'private-general.settings',
  event: 'setting',
  labelField: 'key',
  defaultSort: { field: 'key', direction: 'asc' },
  writable: false,
  fields: [
    { name: 'key', label: 'Key', kind: 'text', readOnly: true, width: 260 },
    { name: 'module', label: 'Module', kind: 'text', readOnly: true, listOnly: true, width: 130 },
    // The form edits `value`; the grid shows, filters and exports its JSON text.
    { name: 'value', label: 'Value', kind: 'json', hidden: true },
    {
      name: 'value_text',
      label: 'Value',
      kind: 'text',
      readOnly: true,
      listOnly: true,
      width: 300,
    },
  ],
};
