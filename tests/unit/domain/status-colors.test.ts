import { describe, expect, it } from 'vitest';
import { allEntities } from '../../../src/domain/entities/entity-registry.ts';
import type { EntityField } from '../../../src/domain/entity/entity-field.ts';
import { STATUS_TAG_COLORS, statusColor, verdictColor } from '../../../src/domain/status-colors.ts';

// The one status colour map against every status the declarations name: each has a colour
// of the map, and the ones docs/product.md §4 names have the colour it gives them.

/** A field shown as a status: a tagged enum, or an enum whose name says it is a status. */
const isStatusField = (field: EntityField) =>
  field.kind === 'enum' && (field.tag === true || /(^|_)status$|^stage$/.test(field.name));

function declaredStatuses(): Map<string, string> {
  const where = new Map<string, string>();
  for (const entity of allEntities()) {
    for (const field of entity.fields.filter(isStatusField)) {
      for (const value of field.enumValues ?? []) {
        if (!where.has(String(value))) where.set(String(value), `${entity.name}.${field.name}`);
      }
    }
  }
  return where;
}

const MAP_COLORS: readonly string[] = Object.values(STATUS_TAG_COLORS);

describe('status colour map', () => {
  const statuses = declaredStatuses();

  it('walks a real set of declared statuses', () => {
    // Guards the walk itself: a registry that lost its production entities would pass below.
    expect(statuses.size).toBeGreaterThan(50);
    for (const known of ['received', 'in_progress', 'pending_approval', 'on_hold', 'down']) {
      expect(statuses.has(known)).toBe(true);
    }
  });

  it('gives every declared status a colour of the map', () => {
    const missing = [...statuses]
      .filter(([status]) => !MAP_COLORS.includes(statusColor(status)))
      .map(([status, where]) => `${status} (${where})`);
    expect(missing).toEqual([]);
  });

  it('colours the statuses docs/product.md §4 names as it says, the others info', () => {
    const warning = ['partially_received', 'in_progress', 'not_in_purchase', 'not_in_transfer'];
    const success = ['allocated', 'received', 'done', 'in_purchase', 'in_transfer'];
    for (const status of warning) {
      expect(statuses.has(status), status).toBe(true);
      expect(statusColor(status), status).toBe(STATUS_TAG_COLORS.warning);
    }
    for (const status of success) {
      expect(statuses.has(status), status).toBe(true);
      expect(statusColor(status), status).toBe(STATUS_TAG_COLORS.success);
    }
    // docs/product.md §4 names two 'partially' and two 'not in' statuses; the map reads those words
    // as the rule they are, so a later 'partially_billed' is a warning too.
    const partial = /^(partially|not_in)_/;
    expect(statusColor('partially_billed')).toBe(STATUS_TAG_COLORS.warning);
    const others = [...statuses.keys()].filter(
      (s) => !warning.includes(s) && !success.includes(s) && !partial.test(s),
    );
    expect(others.filter((s) => statusColor(s) !== STATUS_TAG_COLORS.info)).toEqual([]);
  });

  it('keeps red out of status tags: it is for buttons that end a course and failed checks', () => {
    expect(MAP_COLORS).not.toContain('red');
    expect(verdictColor(false)).toBe('red');
    expect(verdictColor(true)).toBe('green');
  });
});
