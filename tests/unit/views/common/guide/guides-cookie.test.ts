import { afterEach, describe, expect, it } from 'vitest';
import { guidesCookie } from '../../../../../src/views/common/guide/guides-cookie.ts';

afterEach(() => {
  document.cookie = 'guides=; Path=/; Max-Age=0';
  document.cookie = 'other=; Path=/; Max-Age=0';
});

describe('guides cookie', () => {
  it('is empty when absent', () => {
    expect(guidesCookie.read()).toEqual([]);
  });

  it('round-trips the read ids next to other cookies', () => {
    document.cookie = 'other=1; Path=/';
    guidesCookie.write(['shell.tour', 'inventory.intro']);
    expect(guidesCookie.read()).toEqual(['shell.tour', 'inventory.intro']);
  });

  it('writes an empty list as no ids', () => {
    guidesCookie.write(['a']);
    guidesCookie.write([]);
    expect(guidesCookie.read()).toEqual([]);
  });
});
