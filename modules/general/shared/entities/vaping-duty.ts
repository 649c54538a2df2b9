import { z } from 'zod';
import { roundMoney } from './document-taxes.ts';

// Vaping duty (Excise Act, 2001, Schedule 8; docs/domain/sales.md "Vaping duty"): charged per
// immediate container by the volume of vaping liquid in it. The first `first_tier_ml` are
// charged per `first_step_ml` or fraction, the rest per `step_ml` or fraction. A specified
// vaping province adds an additional duty of the same shape. Every figure of the shape is the
// rate row's, an admin's effective-dated data, never a constant here.

export const VAPING_DUTY_KINDS = ['federal', 'additional'] as const;
export type VapingDutyKind = (typeof VAPING_DUTY_KINDS)[number];

/** One rate as it applies to a container. */
export type VapingDutyRate = {
  readonly id: number;
  readonly kind: VapingDutyKind;
  /** mL charged per first step (10 mL in Schedule 8). */
  readonly first_tier_ml: number;
  /** Each step of the first tier, in mL (2). */
  readonly first_step_ml: number;
  /** Duty per step of the first tier (1.12 from July 1, 2024). */
  readonly first_step_amount: number;
  /** Each step above the first tier, in mL (10). */
  readonly step_ml: number;
  /** Duty per step above the first tier (1.12 from July 1, 2024). */
  readonly step_amount: number;
};

/** Steps of `size` mL that `ml` fills, a started step counting whole ("or fraction"). */
function steps(ml: number, size: number): number {
  if (ml <= 0) return 0;
  // Volumes are numeric(8,2): round away binary noise before ceil so 10.00 / 2 stays 5.
  return Math.ceil(Math.round((ml / size) * 1e6) / 1e6);
}

/** The duty one rate charges on one container of `volumeMl` mL, to the cent. */
export function containerDuty(rate: VapingDutyRate, volumeMl: number): number {
  const first = Math.min(volumeMl, rate.first_tier_ml);
  const rest = Math.max(0, volumeMl - rate.first_tier_ml);
  return roundMoney(
    steps(first, rate.first_step_ml) * rate.first_step_amount +
      steps(rest, rate.step_ml) * rate.step_amount,
  );
}

/** What a product owes per unit on a date: the federal duty and the province's additional. */
export const unitDutySchema = z.object({
  federal_duty_rate_id: z.number().int().nullable(),
  federal_duty: z.number(),
  provincial_duty_rate_id: z.number().int().nullable(),
  provincial_duty: z.number(),
  duty_per_unit: z.number(),
});
export type UnitDuty = z.infer<typeof unitDutySchema>;

/** A product's duty per unit on a date, as GET /api/inventory/products/:id/vaping-duty answers. */
export const productDutySchema = unitDutySchema.extend({
  product_id: z.number().int(),
  date: z.string(),
});

export const NO_DUTY: UnitDuty = {
  federal_duty_rate_id: null,
  federal_duty: 0,
  provincial_duty_rate_id: null,
  provincial_duty: 0,
  duty_per_unit: 0,
};

/** The per-unit duty of a container under the rates in force (either may be missing). */
export function unitDuty(
  volumeMl: number,
  federal: VapingDutyRate | null,
  provincial: VapingDutyRate | null,
): UnitDuty {
  const federalDuty = federal ? containerDuty(federal, volumeMl) : 0;
  const provincialDuty = provincial ? containerDuty(provincial, volumeMl) : 0;
  return {
    federal_duty_rate_id: federal?.id ?? null,
    federal_duty: federalDuty,
    provincial_duty_rate_id: provincial?.id ?? null,
    provincial_duty: provincialDuty,
    duty_per_unit: roundMoney(federalDuty + provincialDuty),
  };
}
