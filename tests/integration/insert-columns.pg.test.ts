import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client.ts';
import { insertColumns } from '../../server/db/insert-columns.ts';
import { importJobRows, importJobs } from '../../server/db/schema/imports.ts';
import { products } from '../../server/db/schema/inventory.ts';
import { locations } from '../../server/db/schema/general.ts';
import { stockMovements } from '../../server/db/schema/stock.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

// insertColumns (one array parameter per column) writes exactly what Drizzle's multi-row
// insert writes for the same rows, awkward values included, and returns the ids in the rows'
// order; on both databases, whose drivers serialise array parameters differently.

const AWKWARD = [
  'plain',
  'quote " and \' apostrophe',
  'back\\slash and {braces}, commas',
  'line\nbreak\r\nand tab\t',
  'NULL',
  '',
  'unicode: é ü 中文 🚀',
];

describe.each(backends())('insertColumns on %s', (backend) => {
  let t: TestServer;
  let db: Db;
  let jobId: number;
  let actor: number;
  beforeAll(async () => {
    t = await startTestServer({ backend });
    db = t.server.database.db;
    actor = 1;
    const [job] = await db
      .insert(importJobs)
      .values({
        type: 'inventory',
        fileName: 'x.csv',
        sizeBytes: 1,
        sha256: 'a'.repeat(64),
        createdBy: actor,
        updatedBy: actor,
      })
      .returning({ id: importJobs.id });
    jobId = job!.id;
  }, 120_000);
  afterAll(async () => t.close());

  const jobRows = (rowNoFrom: number): (typeof importJobRows.$inferInsert)[] =>
    AWKWARD.map((text, i) => ({
      jobId,
      rowNo: rowNoFrom + i,
      result: i % 2 ? 'error' : 'ok',
      entityId: i % 3 ? i : null,
      errors: i % 2 ? { [text || 'empty']: text } : null,
      values: { sku: text, nested: `{"a":[${i}]}`, [`key ${text}`]: String(i) },
      createdBy: actor,
    }));

  const readBack = async (ids: number[]) =>
    (
      await db
        .select({
          rowNo: importJobRows.rowNo,
          result: importJobRows.result,
          entityId: importJobRows.entityId,
          errors: importJobRows.errors,
          values: importJobRows.values,
        })
        .from(importJobRows)
        .where(inArray(importJobRows.id, ids))
        .orderBy(asc(importJobRows.id))
    ).map((row) => ({ ...row, rowNo: row.rowNo % 1000 }));

  it('writes jsonb, text and nulls as Drizzle’s insert does, ids in the rows’ order', async () => {
    const ids = await insertColumns(db, importJobRows, jobRows(1000));
    expect(ids).toHaveLength(AWKWARD.length);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const drizzle = await db
      .insert(importJobRows)
      .values(jobRows(2000))
      .returning({ id: importJobRows.id });
    expect(await readBack(ids)).toEqual(await readBack(drizzle.map((r) => r.id)));
    const [first] = await db.select().from(importJobRows).where(eq(importJobRows.id, ids[0]!));
    expect(first?.rowNo).toBe(1000);
  });

  it('writes numerics, timestamps and enums exactly, each row to its own id', async () => {
    const [product] = await db.select({ id: products.id }).from(products).limit(1);
    const [location] = await db.select({ id: locations.id }).from(locations).limit(1);
    const movedAt = new Date('2026-03-04T05:06:07.891Z');
    const rows = [0.001, -12.5, 99999999.999].map((qty, i) => ({
      movedAt: new Date(movedAt.getTime() + i),
      productId: product!.id,
      locationId: location!.id,
      qty: qty.toFixed(3),
      balanceAfter: (qty * 2).toFixed(3),
      unitCost: i === 1 ? null : '1.2345',
      movementType: 'opening' as const,
      note: AWKWARD[i + 1] ?? null,
      createdBy: actor,
    }));
    const ids = await insertColumns(db, stockMovements, rows);
    const back = await db
      .select({
        id: stockMovements.id,
        movedAt: stockMovements.movedAt,
        qty: stockMovements.qty,
        balanceAfter: stockMovements.balanceAfter,
        unitCost: stockMovements.unitCost,
        movementType: stockMovements.movementType,
        note: stockMovements.note,
      })
      .from(stockMovements)
      .where(inArray(stockMovements.id, ids))
      .orderBy(asc(stockMovements.id));
    expect(back.map((r) => r.id)).toEqual(ids);
    expect(back.map(({ id: _, ...r }) => r)).toEqual(
      rows.map((r) => ({
        movedAt: r.movedAt,
        qty: r.qty,
        balanceAfter: r.balanceAfter,
        unitCost: r.unitCost,
        movementType: r.movementType,
        note: r.note,
      })),
    );
  });

  it('writes nothing for no rows and refuses a key that is not a column', async () => {
    expect(await insertColumns(db, importJobRows, [])).toEqual([]);
    await expect(
      insertColumns(db, importJobRows, [{ jobId, rowNo: 1, result: 'ok', bogus: 1 } as never]),
    ).rejects.toThrow(/bogus/);
  });
});
