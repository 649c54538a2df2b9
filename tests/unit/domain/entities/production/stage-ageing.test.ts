import { describe, expect, it } from 'vitest';
import {
  ageingOf,
  EXPECTED_STAGE_MINUTES,
} from '../../../../../src/domain/entities/production/stage-ageing.ts';

const now = Date.parse('2026-11-23T12:00:00Z');
const minutesAgo = (m: number) => new Date(now - m * 60_000).toISOString();

describe('the ageing of an order in its dashboard column', () => {
  it('is fresh until three quarters of the stage’s expected time', () => {
    expect(EXPECTED_STAGE_MINUTES.batching).toBe(120);
    expect(ageingOf('batching', minutesAgo(0), now)).toBe('fresh');
    expect(ageingOf('batching', minutesAgo(89), now)).toBe('fresh');
  });

  it('turns amber from three quarters of the expected time up to it', () => {
    expect(ageingOf('batching', minutesAgo(90), now)).toBe('ageing');
    expect(ageingOf('batching', minutesAgo(120), now)).toBe('ageing');
  });

  it('turns red past the expected time, each stage by its own time', () => {
    expect(ageingOf('batching', minutesAgo(121), now)).toBe('late');
    expect(ageingOf('bottling', minutesAgo(121), now)).toBe('fresh');
    expect(ageingOf('bottling', minutesAgo(181), now)).toBe('late');
    expect(ageingOf('hplc', new Date(now - 5 * 3_600_000), now)).toBe('late');
  });

  it('says nothing of an unknown column or an order with no stage time', () => {
    expect(ageingOf('elsewhere', minutesAgo(10_000), now)).toBe('fresh');
    expect(ageingOf('batching', null, now)).toBe('fresh');
    expect(ageingOf('batching', 'not a date', now)).toBe('fresh');
  });
});
