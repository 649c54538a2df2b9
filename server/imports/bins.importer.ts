import { inArray, sql } from 'drizzle-orm';
import { BINS } from '../../src/domain/entities/inventory/bins.entity.ts';
import { BIN_IMPORT_COLUMNS } from '../../src/domain/imports/bin-import.columns.ts';
import type { Db, Tx } from '../db/client.ts';
import { queryRows } from '../db/query-rows.ts';
import { bins } from '../db/schema/inventory.ts';
import { duplicateKeys } from './duplicate-keys.ts';
import { IMPORTS_CHANNEL } from './import-job-state.ts';
import { APPLY_BATCH, type Importer, type RowResult } from './importer.ts';
import { RowCells } from './row-cells.ts';
import { upsertImportBatch, type UpsertCounts } from './upsert-batch.ts';

// Warehouse locations import (docs/domain/imports.md §12): the bins of locations, upserted by
// location and code; see bin-import.columns.ts.

type Row = { locationId: number; code: string; zone: string | null; active: boolean };

type Context = { locations: Map<string, number> };

async function prepare(db: Db | Tx): Promise<Context> {
  const rows = await queryRows<{ code: string; id: number }>(
    db,
    sql`select lower(code) as code, id::int as id from locations where active`,
  );
  return { locations: new Map(rows.map((r) => [r.code, r.id])) };
}

function parseRow(values: Record<string, string>, context: Context): RowResult<Row> {
  const cells = new RowCells(values);
  const locationId = cells.ref('location', context.locations);
  const code = cells.text('bin', { required: true, max: 30 });
  const zone = cells.text('zone', { max: 30 });
  const active = cells.boolean('active', true);
  if (!cells.ok || locationId === null || code === null) return { ok: false, errors: cells.errors };
  return { ok: true, value: { locationId, code, zone, active } };
}

const keyOf = (locationId: number, code: string) => `${locationId}:${code.toLowerCase()}`;

export const binsImporter: Importer<Row, Context> = {
  type: 'warehouse_locations',
  area: 'imports',
  channel: IMPORTS_CHANNEL,
  columns: BIN_IMPORT_COLUMNS,
  prepare,
  parseRow,
  checkAll: (rows) => duplicateKeys(rows, (r) => keyOf(r.locationId, r.code), ['location', 'bin']),
  async apply(rows, job) {
    const counts: UpsertCounts = { created: 0, updated: 0, skipped: 0 };
    await job.inBatches(APPLY_BATCH, async (tx, batch) => {
      const locations = [...new Set(batch.map((r) => r.locationId))];
      const existing = await tx.select().from(bins).where(inArray(bins.locationId, locations));
      const byKey = new Map(existing.map((b) => [keyOf(b.locationId, b.code), b]));
      return upsertImportBatch(
        tx,
        {
          table: bins,
          entity: BINS,
          actorId: job.actor.id,
          batch,
          stored: (row) => byKey.get(keyOf(row.locationId, row.code)),
          unchanged: (row, before) => before.zone === row.zone && before.active === row.active,
          changes: (row) => ({ zone: row.zone, active: row.active }),
        },
        counts,
      );
    });
    return { result: { bins: counts } };
  },
};
