import { sql } from 'drizzle-orm';
import type { Tx } from './client.ts';
import { queryRows } from './query-rows.ts';
import { serverModules } from '../server-modules.ts';
import { documentSequences } from './schema/inventory.ts';

// Document numbers (CS-00001, RC-00001, ...; docs/domain/README.md §13 invariant 10): unique and
// zero-filled, without gaps among committed documents. The counter row is locked FOR UPDATE
// inside the caller's transaction, so concurrent creates queue on it and a rolled-back
// document gives its number back.

/**
 * The prefixes every database starts with, with those of the modules built as slices (their
 * `serverModule.documentNumbers`); a type missing from the table is added on first use.
 */
const DOCUMENT_PREFIXES: Readonly<Record<string, string>> = {
  product_change_set: 'CS',
  receiving: 'RC',
  allocation: 'PL',
  stock_count: 'SC',
  stock_adjustment: 'SA',
  transfer: 'TR',
  import: 'IM',
  production_order: 'MO',
  hplc_request: 'HR',
  work_order: 'WO',
  production_order_correction: 'CR',
  production_recovery: 'RY',
  product_stamping_order: 'ST',
  stamping_order_correction: 'STC',
  daily_order: 'DO',
  purchase_order: 'PO',
  purchase_invoice: 'PI',
  skid: 'SK',
};

const DEFAULT_PAD = 5;

async function documentPrefixes(): Promise<Readonly<Record<string, string>>> {
  const modules = await serverModules();
  return Object.fromEntries([
    ...Object.entries(DOCUMENT_PREFIXES),
    ...modules.flatMap((module) => Object.entries(module.documentNumbers ?? {})),
  ]);
}

/** Adds the known document types that are missing (idempotent). */
export async function ensureDocumentSequences(tx: Tx): Promise<void> {
  await tx
    .insert(documentSequences)
    .values(
      Object.entries(await documentPrefixes()).map(([docType, prefix]) => ({
        docType,
        prefix,
        pad: DEFAULT_PAD,
      })),
    )
    .onConflictDoNothing();
}

/** The next number of `docType`, e.g. `CS-00042`; call it inside the document's transaction. */
export async function nextNumber(tx: Tx, docType: string): Promise<string> {
  let [row] = await lockCounter(tx, docType);
  if (!row) {
    const prefix = (await documentPrefixes())[docType];
    if (!prefix) throw new Error(`no document sequence for "${docType}"`);
    await tx
      .insert(documentSequences)
      .values({ docType, prefix, pad: DEFAULT_PAD })
      .onConflictDoNothing();
    [row] = await lockCounter(tx, docType);
    if (!row) throw new Error(`document sequence "${docType}" could not be created`);
  }
  await tx.execute(
    sql`update document_sequences set next_value = next_value + 1 where doc_type = ${docType}`,
  );
  return `${row.prefix}-${String(row.next_value).padStart(Number(row.pad), '0')}`;
}

function lockCounter(tx: Tx, docType: string) {
  return queryRows<{ prefix: string; next_value: number; pad: number }>(
    tx,
    sql`select prefix, next_value, pad from document_sequences
         where doc_type = ${docType} for update`,
  );
}
