import { describe, expect, it } from 'vitest';
import { reworkProposal } from '../../../../../src/domain/entities/production/potency-rework.ts';

// Hand-computed reworks of a 10 L batch labelled 6 mg/ml.

describe('reworkProposal', () => {
  it('adds nicotine base to a low batch: Vb = V1·(Ct − C1) / (Cb − Ct)', () => {
    // 10000 × (6 − 5.4) / (100 − 6) = 6000 / 94 = 63.83 ml; 5.4·10000 + 100·63.83 ≈ 6·10063.83.
    expect(reworkProposal({ measuredMg: 5.4, targetMg: 6, batchMl: 10_000, baseMg: 100 })).toEqual({
      kind: 'nicotine_base',
      add_ml: 63.83,
      final_ml: 10_063.83,
    });
  });

  it('adds diluent to a high batch: Vd = V1·(C1/Ct − 1)', () => {
    // 10000 × (6.6 / 6 − 1) = 1000 ml.
    expect(reworkProposal({ measuredMg: 6.6, targetMg: 6, batchMl: 10_000, baseMg: 100 })).toEqual({
      kind: 'diluent',
      add_ml: 1000,
      final_ml: 11_000,
    });
  });

  it('proposes nothing on target, without a batch volume, or with no base stronger than the target', () => {
    expect(reworkProposal({ measuredMg: 6, targetMg: 6, batchMl: 10_000, baseMg: 100 })).toBeNull();
    expect(reworkProposal({ measuredMg: 5, targetMg: 6, batchMl: 0, baseMg: 100 })).toBeNull();
    expect(
      reworkProposal({ measuredMg: 5, targetMg: 6, batchMl: 10_000, baseMg: null }),
    ).toBeNull();
    expect(reworkProposal({ measuredMg: 5, targetMg: 6, batchMl: 10_000, baseMg: 6 })).toBeNull();
  });
});
