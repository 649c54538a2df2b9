import { describe, expect, it } from 'vitest';
import { parseTraceAnchor, tracePageOf } from '../../../../src/domain/entities/stock/lot-trace.ts';

// The anchor of a trace as the address and the API carry it: `kind:id`, nothing else.

describe('a trace anchor', () => {
  it('reads every anchor kind with a positive id', () => {
    expect(parseTraceAnchor('lot:12')).toEqual({ kind: 'lot', id: 12 });
    expect(parseTraceAnchor(' sales_order_line:7 ')).toEqual({ kind: 'sales_order_line', id: 7 });
    expect(parseTraceAnchor('customer:3')).toEqual({ kind: 'customer', id: 3 });
  });

  it('refuses kinds a trace cannot start from, ids that are not positive whole numbers', () => {
    for (const text of [
      'bottle:1',
      'coa:2',
      'lot:0',
      'lot:-1',
      'lot:1.5',
      'lot:',
      'lot',
      '',
      'lot:12;drop',
    ]) {
      expect(parseTraceAnchor(text), text).toBeNull();
    }
  });

  it('opens the trace page on an anchor', () => {
    expect(tracePageOf('reel', 4)).toBe('/inventory/trace?from=reel:4');
  });
});
