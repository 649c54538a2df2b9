import { describe, expect, it } from 'vitest';
import { boolToInt } from '../../../src/api/bool-to-int.ts';

describe('boolToInt', () => {
  it('turns booleans into 1 and 0 at any depth', () => {
    const data = {
      active: true,
      rows: [{ ok: false, tags: [true] }],
      nested: { deep: { on: true } },
    };
    expect(boolToInt(data)).toEqual({
      active: 1,
      rows: [{ ok: 0, tags: [1] }],
      nested: { deep: { on: 1 } },
    });
  });

  it('leaves other values alone', () => {
    expect(boolToInt({ n: 0, s: 'true', z: null, u: undefined })).toEqual({
      n: 0,
      s: 'true',
      z: null,
      u: undefined,
    });
    expect(boolToInt(false)).toBe(0);
  });

  it('does not mutate its input', () => {
    const data = { on: true };
    boolToInt(data);
    expect(data.on).toBe(true);
  });
});
