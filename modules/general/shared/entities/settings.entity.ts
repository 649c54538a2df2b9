import { z } from 'zod';
import {
  declareEntity,
  type EntityDeclaration,
} from '../../../../src/domain/entity/entity-declaration.ts';
import type { EntityField } from '../../../../src/domain/entity/entity-field.ts';
import type { RowOf } from '../../../../src/domain/entity/row-of.ts';
import { COMPANY_SETTING_KEY, companySettingSchema } from './company-setting.ts';

// Settings are seeded, never created or deleted through the API: their keys are what code
// reads. Only `value` is edited (PUT with version).

const pct = z
  .number()
  .min(0, { message: 'Must be 0 or more' })
  .max(100, { message: 'Must be 100 or less' });

/**
 * The shape of the value of the settings code relies on; other keys keep their JSON type. A
 * module whose settings have a screen of their own adds their shapes when its routes are
 * registered (production's, settings.binding.ts `addSettingShapes`), so each key has one shape
 * wherever it is edited.
 */
export const KNOWN_SETTINGS: Readonly<Record<string, z.ZodType>> = {
  'inventory.allow_negative': z.boolean({ message: 'Must be true or false' }),
  'inventory.count_tolerance_pct': pct,
  'purchase.over_receipt_pct': pct,
  'purchase.approval_threshold': z.number().min(0, { message: 'Must be 0 or more' }),
  'purchase.allow_bill_before_receipt': z.boolean({ message: 'Must be true or false' }),
  'purchase.price_variance_pct': pct,
  'sales.discount_approval_pct': pct,
  'sales.discount_approval_amount': z.number().min(0, { message: 'Must be 0 or more' }),
  'training.pass_mark': pct,
  'training.retraining_interval_months': z
    .number()
    .int({ message: 'Whole months' })
    .min(1, { message: 'Must be 1 or more' })
    .max(120, { message: 'Must be 120 or less' }),
  'training.overdue_notice_days': z
    .number()
    .int({ message: 'Whole days' })
    .min(1, { message: 'Must be 1 or more' })
    .max(365, { message: 'Must be 365 or less' }),
  [COMPANY_SETTING_KEY]: companySettingSchema,
};

export const settingValueSchema = z.strictObject({
  value: z.json(),
  version: z.coerce.number().int().positive(),
});

export const SETTINGS = declareEntity({
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
});

/** A setting as any module's settings list reads it: theirs are this declaration's fields. */
export type SettingRow = RowOf<typeof SETTINGS>;

/**
 * Decimals a number setting keeps in its input: a percentage's (numeric(7,4),
 * docs/domain/README.md §0).
 */
const SETTING_DECIMALS = 4;

function boundOf(value: number | null): number | undefined {
  return value !== null && Number.isFinite(value) ? value : undefined;
}

/**
 * The `value` input of one setting, by the JSON type of its value: a flag is a switch, a
 * number a number input (within the bounds code relies on), text a text input, and an object
 * or a list its JSON. The type is read from `value_text`: the API sends booleans as 1/0
 * (docs/product.md §7), so `value` itself cannot tell a flag from a number. The label is the key.
 */
function settingValueField(key: string, valueText: string): EntityField {
  let value: unknown = null;
  try {
    value = JSON.parse(valueText);
  } catch {
    // Not JSON text: edited as JSON, which the server then checks.
  }
  const base = { name: 'value', label: key, required: true } as const;
  if (typeof value === 'boolean') return { ...base, kind: 'boolean' };
  if (typeof value === 'number') {
    const known = KNOWN_SETTINGS[key];
    const bounds =
      known instanceof z.ZodNumber
        ? { min: boundOf(known.minValue), max: boundOf(known.maxValue) }
        : {};
    return { ...base, kind: 'number', precision: SETTING_DECIMALS, ...bounds };
  }
  if (typeof value === 'string') return { ...base, kind: 'text' };
  return { ...base, kind: 'json' };
}

/** The form of one setting: the settings declaration with that setting's value as its field. */
export function settingValueForm(
  key: string,
  valueText: string,
  entity: EntityDeclaration = SETTINGS,
): EntityDeclaration {
  return { ...entity, fields: [settingValueField(key, valueText)] };
}
