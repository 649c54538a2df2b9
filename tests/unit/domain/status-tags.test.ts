import { describe, expect, it } from 'vitest';
import {
  aStatus,
  normalizeStatus,
  statusLabel,
  statusTagType,
  statusWords,
} from '../../../src/domain/status-tags.ts';

describe('statusTagType', () => {
  it.each([
    'partially_allocated',
    'partially_received',
    'in_progress',
    'not_in_purchase',
    'not_in_transfer',
  ])('tags %s as warning', (status) => {
    expect(statusTagType(status)).toBe('warning');
  });

  it.each(['allocated', 'received', 'done', 'in_purchase', 'in_transfer'])(
    'tags %s as success',
    (status) => {
      expect(statusTagType(status)).toBe('success');
    },
  );

  it.each(['pending', 'cancelled', 'draft', 'open', '', null, undefined])(
    'tags %j as info',
    (status) => {
      expect(statusTagType(status)).toBe('info');
    },
  );

  it('accepts spaced, dashed and capitalised text', () => {
    expect(statusTagType('Partially Allocated')).toBe('warning');
    expect(statusTagType(' In Progress ')).toBe('warning');
    expect(statusTagType('Not in Transfer')).toBe('warning');
    expect(statusTagType('IN-PURCHASE')).toBe('success');
    expect(statusTagType('Done')).toBe('success');
  });

  it('tags the whole partially_ and not_in_ families as warning', () => {
    expect(statusTagType('partially_shipped')).toBe('warning');
    expect(statusTagType('not_in_stock')).toBe('warning');
  });

  it('does not confuse a longer status with a success one', () => {
    expect(statusTagType('received_late')).toBe('info');
    expect(statusTagType('undone')).toBe('info');
  });
});

describe('status text', () => {
  it('normalises to snake_case', () => {
    expect(normalizeStatus('  Partially   Received ')).toBe('partially_received');
  });

  it('reads as a sentence-case label', () => {
    expect(statusLabel('not_in_purchase')).toBe('Not in purchase');
    expect(statusLabel('DONE')).toBe('Done');
    expect(statusLabel(null)).toBe('');
  });
});

describe('a status in a sentence', () => {
  it('reads as words, never as its code', () => {
    expect(statusWords('on_hold')).toBe('on hold');
    expect(aStatus('effective')).toBe('An effective');
    expect(aStatus('cancelled')).toBe('A cancelled');
  });
});
