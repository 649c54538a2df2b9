import { sql } from 'drizzle-orm';
import { createSchema } from '../../src/domain/entity/entity-declaration.ts';
import { PRODUCT_CHANGES } from '../../src/domain/entities/inventory/product-changes.entity.ts';
import { PRODUCTS } from '../../src/domain/entities/inventory/products.entity.ts';
import {
  NICOTINE_TYPES,
  PRODUCT_STATUSES,
  PRODUCT_TYPES,
} from '../../src/domain/entities/inventory/inventory-values.ts';
import { PRODUCT_IMPORT_COLUMNS } from '../../src/domain/imports/product-import.columns.ts';
import type { Db, Tx } from '../db/client.ts';
import { nextNumber } from '../db/document-number.ts';
import { queryRows } from '../db/query-rows.ts';
import { productChangeRequests, productChangeSets } from '../db/schema/inventory.ts';
import { ApiError } from '../errors/api-error.ts';
import { createChangeRequest } from '../http/routes/inventory/product-changes.commands.ts';
import { issuesToCodes } from '../http/zod-to-codes.ts';
import { duplicateKeys } from './duplicate-keys.ts';
import { IMPORTS_CHANNEL, jobNumber } from './import-job-state.ts';
import type { Importer, RowOutcome, RowResult } from './importer.ts';
import { announceRows } from './publish-imported.ts';
import { RowCells } from './row-cells.ts';

// Product import (docs/domain/imports.md §12 "product imports → one change set"; columns and their
// rules in product-import.columns.ts).
//
// How "one change set" maps onto product change control (docs/domain/inventory.md §2,
// maker-checker): a job that changes anything opens ONE product_change_sets row (source `import`,
// titled with the job's number and file) and every new or changed row becomes ONE change request in
// it — `create` for a new SKU, `update` of only the differing cells for a known one — submitted at
// once, as the importing admin's own proposal. No product is written by the import: each
// request waits for a product approver (product_approval_admin), who approves the set's
// requests on the change screens like any other, so an active product's change is never
// applied unchecked. A row that changes nothing is skipped and makes no request; a file that
// changes nothing makes no change set. The change set and its requests are written as one
// batch, in the job's one transaction like every kind's rows: a set is whole or absent.

/** The form fields a cell proposes, by column. */
const FIELD_OF: Record<string, string> = {
  name: 'name',
  type: 'type',
  unit: 'measure_id',
  category: 'category_id',
  brand: 'brand_id',
  nicotine_mg: 'nicotine_mg',
  nicotine_type: 'nicotine_type',
  volume_ml: 'volume_ml',
  upc: 'upc',
  standard_cost: 'standard_cost',
  reorder_point: 'reorder_point',
  status: 'status',
};
const COLUMN_OF = Object.fromEntries(Object.entries(FIELD_OF).map(([c, f]) => [f, c]));

type Stored = { id: number } & Record<string, unknown>;

type Row = {
  sku: string;
  /** The product the SKU names, or null for a new one. */
  product: Stored | null;
  /** Only what differs from the product (all the row's values for a new SKU); empty: skipped. */
  proposed: Record<string, unknown>;
};

type Context = {
  products: Map<string, Stored>;
  measures: Map<string, number>;
  categories: Map<string, number>;
  brands: Map<string, number>;
};

const newProduct = createSchema(PRODUCTS);
const productPatch = createSchema(PRODUCTS).partial();

async function codes(db: Db | Tx, table: string): Promise<Map<string, number>> {
  const rows = await queryRows<{ code: string; id: number }>(
    db,
    sql`select lower(code) as code, id::int as id from ${sql.identifier(table)}`,
  );
  return new Map(rows.map((r) => [r.code, r.id]));
}

async function prepare(db: Db | Tx): Promise<Context> {
  const stored = await queryRows<Stored & { sku: string }>(
    db,
    sql`select id::int as id, sku, name, type, measure_id::int as measure_id,
               category_id::int as category_id, brand_id::int as brand_id,
               nicotine_mg::float8 as nicotine_mg, nicotine_type, volume_ml::float8 as volume_ml,
               upc, standard_cost::float8 as standard_cost,
               reorder_point::float8 as reorder_point, status
          from products`,
  );
  return {
    products: new Map(stored.map((p) => [p.sku.toLowerCase(), p])),
    measures: await codes(db, 'measures'),
    categories: await codes(db, 'categories'),
    brands: await codes(db, 'brands'),
  };
}

/** The row's filled cells as form values; refused cells are marked on `cells`. */
function filledValues(cells: RowCells, context: Context): Record<string, unknown> {
  const values: Record<string, unknown> = {
    name: cells.text('name', { max: 160 }),
    type: cells.text('type', { max: 30 }) === null ? null : cells.oneOf('type', PRODUCT_TYPES),
    measure_id: cells.ref('unit', context.measures, false),
    category_id: cells.ref('category', context.categories, false),
    brand_id: cells.ref('brand', context.brands, false),
    nicotine_mg: cells.number('nicotine_mg', { min: 0 }),
    nicotine_type:
      cells.text('nicotine_type', { max: 30 }) === null
        ? null
        : cells.oneOf('nicotine_type', NICOTINE_TYPES),
    volume_ml: cells.number('volume_ml', { min: 0 }),
    upc: cells.text('upc', { max: 40 }),
    standard_cost: cells.number('standard_cost', { min: 0 }),
    reorder_point: cells.number('reorder_point', { min: 0 }),
    status:
      cells.text('status', { max: 30 }) === null ? null : cells.oneOf('status', PRODUCT_STATUSES),
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null));
}

function parseRow(values: Record<string, string>, context: Context): RowResult<Row> {
  const cells = new RowCells(values);
  const sku = cells.text('sku', { required: true, max: 40 });
  const filled = filledValues(cells, context);
  if (!cells.ok || sku === null) return { ok: false, errors: cells.errors };
  const product = context.products.get(sku.toLowerCase()) ?? null;
  const proposed = product
    ? Object.fromEntries(Object.entries(filled).filter(([field, v]) => product[field] !== v))
    : { sku, ...filled };
  // The product form's own rules, named by the file's columns (a new SKU's name, type, unit).
  const checked = (product ? productPatch : newProduct).safeParse(proposed);
  if (!checked.success) {
    const codes = issuesToCodes(checked.error.issues);
    return {
      ok: false,
      errors: Object.fromEntries(
        Object.entries(codes).map(([field, code]) => [COLUMN_OF[field] ?? field, code]),
      ),
    };
  }
  return { ok: true, value: { sku, product, proposed } };
}

/** A rule the product form checks against other rows (a UPC in use), named for the file. */
function refusedRow(sku: string, error: ApiError): ApiError {
  const [field, code] = Object.entries((error.data ?? {}) as Record<string, string>)[0] ?? [];
  const column = COLUMN_OF[(field ?? '').replace(/^proposed\./, '')] ?? field ?? 'row';
  return new ApiError(
    'validation_error',
    { file: `SKU ${sku}: ${column} ${code ?? error.message}` },
    422,
  );
}

export const productsImporter: Importer<Row, Context> = {
  type: 'products',
  area: 'imports',
  channel: IMPORTS_CHANNEL,
  columns: PRODUCT_IMPORT_COLUMNS,
  prepare,
  parseRow,
  checkAll: (rows) => duplicateKeys(rows, (row) => row.sku.toLowerCase(), ['sku']),
  async apply(rows, job) {
    let changeSet: { id: number; number: string } | null = null;
    const made: number[] = [];
    await job.inBatches(rows.length, async (tx, batch) => {
      const results: RowOutcome[] = [];
      const entityIds: (number | null)[] = [];
      for (const row of batch) {
        if (Object.keys(row.proposed).length === 0) {
          // The kind's entity is the change request; a skipped row made none.
          results.push('skipped');
          entityIds.push(null);
          continue;
        }
        changeSet ??= await openChangeSet(tx, job.id, job.actor.id);
        const outcome = await createChangeRequest(tx, job.actor, {
          action: row.product ? 'update' : 'create',
          product_id: row.product?.id ?? null,
          proposed: row.proposed,
          change_set_id: changeSet.id,
          submit: true,
        }).catch((error: unknown) => {
          throw error instanceof ApiError && error.status === 422
            ? refusedRow(row.sku, error)
            : error;
        });
        made.push(outcome.request.id);
        results.push('ok');
        entityIds.push(outcome.request.id);
      }
      const afterCommit = await announceRows(tx, productChangeRequests, PRODUCT_CHANGES, made, []);
      return { entityIds, results, afterCommit };
    });
    const set = changeSet as { id: number; number: string } | null;
    return {
      result: {
        change_set: set ? { id: set.id, number: set.number } : null,
        change_requests: made.length,
      },
    };
  },
};

async function openChangeSet(tx: Tx, jobId: number, actorId: number) {
  const number = await nextNumber(tx, 'product_change_set');
  const [set] = await tx
    .insert(productChangeSets)
    .values({
      number,
      title: `Import ${jobNumber(jobId)}`,
      source: 'import',
      createdBy: actorId,
      updatedBy: actorId,
    })
    .returning({ id: productChangeSets.id });
  if (!set) throw new Error('change set insert returned no row');
  return { id: set.id, number };
}
