import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken, removeToken, setToken } from '../../../src/api/token-cookie.ts';

describe('token cookie', () => {
  afterEach(() => removeToken());

  it("stores 'token_type access_token' and reads it back", () => {
    setToken('Bearer', 'abc.def=');
    expect(getToken()).toBe('Bearer abc.def=');
    expect(document.cookie).toContain('token=Bearer%20abc.def%3D');
  });

  it('returns null without a cookie and after removal', () => {
    expect(getToken()).toBeNull();
    setToken('Bearer', 'x');
    removeToken();
    expect(getToken()).toBeNull();
  });

  it('ignores other cookies with similar names', () => {
    document.cookie = 'token_other=1; Path=/';
    document.cookie = 'xtoken=2; Path=/';
    expect(getToken()).toBeNull();
    document.cookie = 'token_other=; Path=/; Max-Age=0';
    document.cookie = 'xtoken=; Path=/; Max-Age=0';
  });
});

describe('token cookie attributes', () => {
  it('is written SameSite=Strict for the whole site', () => {
    const writes: string[] = [];
    const spy = vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
    });
    setToken('Bearer', 'x');
    spy.mockRestore();
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(/^token=Bearer%20x; Path=\/; SameSite=Strict/);
  });
});
