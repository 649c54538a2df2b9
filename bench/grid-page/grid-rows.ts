import { PRODUCTION_ORDERS } from '../../src/domain/entities/production/production-orders.entity.ts';
import type { EntityRow } from '../../src/domain/entities/entity-row.ts';

// One production order row of the grid benchmark, built the same way by the page (its first
// snapshot) and by the benchmark's publisher (the full row each `order.updated` carries).

const fields = PRODUCTION_ORDERS.fields;

/** Order `id` at `version`: every field of the declaration, about 1 KB as JSON. */
export function rowOf(id: number, version: number): EntityRow {
  const row: Record<string, unknown> = { id, version, seq: version };
  for (const f of fields) {
    if (f.name in row) continue;
    if (f.kind === 'number') row[f.name] = (id * 7 + version) % 1000;
    else if (f.kind === 'enum')
      row[f.name] = f.enumValues?.[(id + version) % f.enumValues.length] ?? null;
    else if (f.kind === 'date') row[f.name] = '2026-12-01';
    else if (f.kind === 'datetime') row[f.name] = '2026-11-20T08:00:00Z';
    else if (f.kind === 'boolean') row[f.name] = id % 2;
    else row[f.name] = `${f.name}-${id}`;
  }
  row.number = `MO-${String(id).padStart(6, '0')}`;
  row.status = 'in_progress';
  return row as EntityRow;
}
