import { describe, expect, it } from 'vitest';
import { toQueryString } from '../../../src/api/query-string.ts';

const decoded = (params: Parameters<typeof toQueryString>[0]) =>
  decodeURIComponent(toQueryString(params));

describe('toQueryString', () => {
  it('writes scalar arrays in bracket form', () => {
    expect(decoded({ a: [1, 2] })).toBe('a[]=1&a[]=2');
  });

  it('writes booleans as 1 and 0', () => {
    expect(toQueryString({ active: true, archived: false })).toBe('active=1&archived=0');
  });

  it('indexes arrays of objects so each object stays together', () => {
    const filter = [{ field: 'name', filters: [{ operator: 'contains', value: 'mint' }] }];
    expect(decoded({ filter })).toBe(
      'filter[0][field]=name&filter[0][filters][0][operator]=contains&filter[0][filters][0][value]=mint',
    );
  });

  it('writes nested objects with brackets', () => {
    expect(decoded({ sort: { field: 'id', direction: 'desc' } })).toBe(
      'sort[field]=id&sort[direction]=desc',
    );
  });

  it('leaves out null and undefined but keeps zero and empty strings', () => {
    expect(toQueryString({ a: null, b: undefined, c: 0, d: '' })).toBe('c=0&d=');
  });

  it('encodes keys and values', () => {
    expect(toQueryString({ 'a b': 'x&y=z' })).toBe('a%20b=x%26y%3Dz');
  });

  it('writes dates as ISO strings', () => {
    expect(decoded({ at: new Date('2025-01-02T03:04:05Z') })).toBe('at=2025-01-02T03:04:05.000Z');
  });
});
