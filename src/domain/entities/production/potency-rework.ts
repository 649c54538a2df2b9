// The rework a batch off its nicotine target needs (docs/domain/production.md "Potency control
// charts"), by mass balance of nicotine:
// - low (C1 < Ct): add nicotine base of strength Cb, C1·V1 + Cb·Vb = Ct·(V1 + Vb), so
//   Vb = V1·(Ct − C1) / (Cb − Ct);
// - high (C1 > Ct): add nicotine-free diluent, C1·V1 = Ct·(V1 + Vd), so Vd = V1·(C1/Ct − 1).
// Concentrations are mg/ml, volumes ml.

export const REWORK_KINDS = ['nicotine_base', 'diluent'] as const;
export type ReworkKind = (typeof REWORK_KINDS)[number];

export type ReworkProposal =
  | { kind: 'nicotine_base'; add_ml: number; final_ml: number }
  | { kind: 'diluent'; add_ml: number; final_ml: number };

export type ReworkInput = {
  /** C1, the measured concentration. */
  measuredMg: number;
  /** Ct, the label claim. */
  targetMg: number;
  /** V1, the batch volume. */
  batchMl: number;
  /** Cb, the strength of the nicotine base on hand; null when none is known. */
  baseMg: number | null;
};

const ml = (value: number) => Math.round(value * 100) / 100;

/** The addition that brings the batch to its target; null when none can (or none is needed). */
export function reworkProposal(input: ReworkInput): ReworkProposal | null {
  const { measuredMg: c1, targetMg: ct, batchMl: v1, baseMg: cb } = input;
  if (!(ct > 0 && v1 > 0 && c1 >= 0) || c1 === ct) return null;
  if (c1 > ct) {
    const add = v1 * (c1 / ct - 1);
    return { kind: 'diluent', add_ml: ml(add), final_ml: ml(v1 + add) };
  }
  // A base no stronger than the target can never raise the batch to it.
  if (cb === null || cb <= ct) return null;
  const add = (v1 * (ct - c1)) / (cb - ct);
  return { kind: 'nicotine_base', add_ml: ml(add), final_ml: ml(v1 + add) };
}
