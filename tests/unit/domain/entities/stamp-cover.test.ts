import { describe, expect, it } from 'vitest';
import {
  coverFigures,
  reelRequestRefusal,
} from '../../../../src/domain/entities/production/stamp-cover.ts';

// The stamp cover's arithmetic and the reel request's refusals (docs/domain/production.md
// "Stamp cover"), worked by hand.

const base = {
  onHand: 3000,
  onOrder: 1000,
  releasedNeed: 2500,
  forecastNeed: 2100,
  forecastDays: 21,
  leadTimeDays: 21,
};

describe('stamp cover figures', () => {
  it('spreads released and forecast need over the forecast days still ahead', () => {
    // 4,600 stamps over 21 days = 219.05 a day; 4,000 ÷ 219.05 = 18.26 days, below 21.
    expect(coverFigures(base)).toEqual({
      horizon_days: 21,
      daily_need: 219,
      cover_days: 18.3,
      below_lead_time: 1,
      // Twice the lead time's need (9,200) less the 4,000 held: 5,200, by the thousand.
      suggested_qty: 6000,
    });
  });

  it('spreads the released need over the lead time when no locked forecast lies ahead', () => {
    // 2,500 over 21 days = 119.05 a day; 4,000 ÷ 119.05 = 33.6 days.
    expect(coverFigures({ ...base, forecastNeed: 0, forecastDays: null })).toMatchObject({
      horizon_days: 21,
      cover_days: 33.6,
      below_lead_time: 0,
      suggested_qty: 0,
    });
  });

  it('has no cover figure, and nothing to request, when nothing needs stamps', () => {
    expect(
      coverFigures({ ...base, releasedNeed: 0, forecastNeed: 0, onHand: 0, onOrder: 0 }),
    ).toMatchObject({ daily_need: 0, cover_days: null, below_lead_time: 0, suggested_qty: 0 });
  });

  it('flags a cover of exactly the lead time as covered', () => {
    // 2,100 a day over 1 day; 2,100 × 2 = 4,200 held is 2 days against a lead time of 2.
    expect(
      coverFigures({
        onHand: 4200,
        onOrder: 0,
        releasedNeed: 2100,
        forecastNeed: 0,
        forecastDays: 1,
        leadTimeDays: 2,
      }),
    ).toMatchObject({ cover_days: 2, below_lead_time: 0 });
  });
});

describe('reel request refusals', () => {
  it('keeps the drafter from deciding and each event to its status', () => {
    expect(reelRequestRefusal('approve', 'pending', 7, 7)).toMatch(/another person/);
    expect(reelRequestRefusal('reject', 'pending', 7, 7)).toMatch(/another person/);
    expect(reelRequestRefusal('approve', 'pending', 8, 7)).toBeNull();
    expect(reelRequestRefusal('receive', 'approved', 7, 7)).toBeNull();
    expect(reelRequestRefusal('receive', 'pending', 8, 7)).toBe(
      'A pending reel request cannot be received',
    );
    expect(reelRequestRefusal('approve', 'rejected', 8, 7)).toBe(
      'A rejected reel request cannot be approved',
    );
  });
});
