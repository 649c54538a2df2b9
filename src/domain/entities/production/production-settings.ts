import { z } from 'zod';

// The Production settings screen (/production/settings, admin; docs/domain/production.md §3.1): the
// `production.*` values the floor's rules read and the `report.*` shifts and KPI targets the
// reports read. Each has its shape (checked by the server on every write, here and on
// /general/settings) and the value code assumes while the row was never written.

const pct = z
  .number({ message: 'Must be a number' })
  .min(0, { message: 'Must be 0 or more' })
  .max(100, { message: 'Must be 100 or less' });

/** A KPI target in %, or null for none (the report then draws no target). */
const target = pct.nullable();

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Times are HH:mm' });

export const shiftsSchema = z
  .array(
    z.strictObject({
      code: z.string().regex(/^[a-z0-9_]{1,20}$/, { message: 'Codes are a-z, 0-9 and _' }),
      name: z.string().trim().min(1, { message: 'Every shift needs a name' }).max(40),
      start: time,
      end: time,
    }),
    { message: 'Shifts are a list' },
  )
  .min(1, { message: 'Keep at least one shift' })
  .max(6, { message: 'At most 6 shifts' })
  .refine((shifts) => new Set(shifts.map((s) => s.code)).size === shifts.length, {
    message: 'Shift codes must be unique',
  });

export type Shift = z.infer<typeof shiftsSchema>[number];

export type ProductionSetting = {
  readonly key: string;
  readonly label: string;
  readonly group: 'production' | 'report';
  /** What the input shows: a number (with its unit) or the shifts' editor. */
  readonly kind: 'number' | 'target' | 'shifts';
  readonly unit?: string;
  readonly precision?: number;
  readonly schema: z.ZodType;
  /** The value the server's rules use while the setting was never saved. */
  readonly fallback: unknown;
  readonly help: string;
};

export const PRODUCTION_SETTINGS: readonly ProductionSetting[] = [
  {
    key: 'production.overage_pct',
    label: 'Batch overage',
    group: 'production',
    kind: 'number',
    unit: '%',
    precision: 4,
    schema: pct,
    fallback: 0,
    help: 'Added to a production order’s planned ml: units × bottle ml × (1 + overage %)',
  },
  {
    key: 'production.zero_nic_max_mg',
    label: 'Zero-nicotine maximum',
    group: 'production',
    kind: 'number',
    unit: 'mg/ml',
    precision: 3,
    schema: z
      .number({ message: 'Must be a number' })
      .min(0, { message: 'Must be 0 or more' })
      .max(1, {
        message: 'Must be 1 or less',
      }),
    fallback: 0.1,
    help: 'An HPLC result of a 0 mg product passes at or below this',
  },
  {
    // Health Canada's limit on nicotine in vaping products (docs/domain/production.md
    // "Nicotine limit"): a setting, so a change in the regulation is an admin's edit.
    key: 'production.nicotine_max_mg_ml',
    label: 'Nicotine limit',
    group: 'production',
    kind: 'number',
    unit: 'mg/mL',
    precision: 3,
    schema: z
      .number({ message: 'Must be a number' })
      .positive({ message: 'Must be more than 0' })
      .max(1000, { message: 'Must be 1000 or less' }),
    fallback: 20,
    help: 'No product, recipe, R&D sample or production order above it is activated, approved or released; an HPLC result above it fails',
  },
  {
    key: 'production.stamping_waste_alert_pct',
    label: 'Stamping waste alert',
    group: 'production',
    kind: 'number',
    unit: '%',
    precision: 4,
    schema: pct,
    fallback: 2,
    help: 'Stamping orders wasting more bottles than this are flagged',
  },
  {
    key: 'production.counter_tolerance',
    label: 'Stamp counter tolerance',
    group: 'production',
    kind: 'number',
    unit: 'stamps',
    precision: 0,
    schema: z
      .number({ message: 'Must be a number' })
      .int({ message: 'Must be whole stamps' })
      .min(0, {
        message: 'Must be 0 or more',
      })
      .max(10_000, { message: 'Must be 10000 or less' }),
    fallback: 0,
    help: 'How far a stamper’s counter may differ from applied + wasted stamps',
  },
  {
    key: 'production.bulk_tolerance_pct',
    label: 'Bulk tolerance',
    group: 'production',
    kind: 'number',
    unit: '%',
    precision: 4,
    schema: pct,
    fallback: 0,
    help: 'Bulk consumed may pass the actual batch ml by this much',
  },
  {
    // The stamp supplier's lead time (docs/domain/production.md "Stamp cover"): a jurisdiction
    // whose days of cover fall below it is flagged, and a reel request may be drafted.
    key: 'production.stamp_lead_time_days',
    label: 'Stamp supplier lead time',
    group: 'production',
    kind: 'number',
    unit: 'days',
    precision: 0,
    schema: z
      .number({ message: 'Must be a number' })
      .int({ message: 'Must be whole days' })
      .min(1, { message: 'Must be 1 or more' })
      .max(365, { message: 'Must be 365 or less' }),
    fallback: 21,
    help: 'Days from a reel request to its reels arriving; stamp cover below it is flagged',
  },
  {
    key: 'report.shifts',
    label: 'Shifts',
    group: 'report',
    kind: 'shifts',
    schema: shiftsSchema,
    fallback: [
      { code: 'day', name: 'Day', start: '07:00', end: '15:00' },
      { code: 'evening', name: 'Evening', start: '15:00', end: '23:00' },
      { code: 'night', name: 'Night', start: '23:00', end: '07:00' },
    ],
    help: 'The shifts the reports filter by; a shift ending before it starts runs past midnight',
  },
  {
    key: 'report.batching_on_time_target_pct',
    label: 'Batching on-time target',
    group: 'report',
    kind: 'target',
    unit: '%',
    precision: 2,
    schema: target,
    fallback: null,
    help: 'Batching KPI: share of batches finished by their due date',
  },
  {
    key: 'report.hplc_first_pass_target_pct',
    label: 'HPLC first-pass target',
    group: 'report',
    kind: 'target',
    unit: '%',
    precision: 2,
    schema: target,
    fallback: null,
    help: 'Batching KPI: first samples passed ÷ tested',
  },
  {
    key: 'report.batching_vs_standard_target_pct',
    label: 'Batching time vs standard target',
    group: 'report',
    kind: 'target',
    unit: '%',
    precision: 2,
    schema: target,
    fallback: null,
    help: 'Batching KPI: average minutes as a share of the operations’ standard minutes',
  },
];

export const productionSetting = (key: string) => PRODUCTION_SETTINGS.find((s) => s.key === key);

/** A setting as the screen reads it; version 0 = never saved (its fallback is shown). */
export type ProductionSettingRow = {
  key: string;
  value: unknown;
  version: number;
  updated_at: string | null;
  updated_by_name: string | null;
};
