import { sql, type SQL } from 'drizzle-orm';

// Guarantees of docs/domain/README.md §0 held by the database itself, so no code path can
// skip them:
// - a mutable row (one with `version`) gets the next global `seq`, `version + 1` and a fresh
//   `updated_at` on every UPDATE but one the database makes itself from another table's trigger:
//   that rewrites a copy it keeps on the row (an order's copy of its customer's name), which
//   nobody edited, so it must not refuse an edit in progress as stale;
// - an append-only row (a `seq` but no `version`: audit logs, punches, ledgers) refuses UPDATE
//   and DELETE; the one UPDATE it lets through changes nothing but `balance_after`, the stored
//   running balance a backdated posting moves on the ledger's later rows (stock/ledger-balance.ts),
//   and the ledger's copies of its labels (product SKU and name, its category, brand and family,
//   lot, location, bin, document number, author), which a rename rewrites (schema/stock.ts).
// Applied after migrations on every start, idempotently, so tables added later are covered
// without anyone remembering to add a trigger.

// One statement per execute: PGlite's extended protocol takes a single statement at a time.
const STAMP_FUNCTION = sql.raw(`
CREATE OR REPLACE FUNCTION plantline_stamp_row() RETURNS trigger AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN
    RETURN NEW;
  END IF;
  NEW.seq := plantline_next_seq();
  NEW.version := OLD.version + 1;
  NEW.updated_at := now();
  RETURN NEW;
END $$ LANGUAGE plpgsql
`);

/** The columns of a ledger row that may change: its running balance and its label copies. */
const LEDGER_COPIES = `array['balance_after', 'product_sku', 'product_name', 'lot_no', 'location_name',
  'bin_code', 'document_number', 'created_by_name', 'product_category_id', 'product_category_name',
  'product_brand_id', 'product_brand_name', 'product_family_id', 'product_family_name']`;

const APPEND_ONLY_FUNCTION = sql.raw(`
CREATE OR REPLACE FUNCTION plantline_append_only() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND to_jsonb(NEW) - ${LEDGER_COPIES} = to_jsonb(OLD) - ${LEDGER_COPIES} THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'table % is append-only', TG_TABLE_NAME USING ERRCODE = 'P0001';
END $$ LANGUAGE plpgsql
`);

const APPLY = sql.raw(`
DO $$
DECLARE t record;
BEGIN
  FOR t IN
    SELECT c.table_name,
           bool_or(c.column_name = 'version') AS mutable
      FROM information_schema.columns c
     WHERE c.table_schema = 'public' AND c.column_name IN ('seq', 'version')
     GROUP BY c.table_name
    HAVING bool_or(c.column_name = 'seq')
  LOOP
    -- Only missing triggers are created: replacing a live trigger takes a lock that could
    -- deadlock with another process already writing.
    CONTINUE WHEN EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = format('%I', t.table_name)::regclass
                            AND g.tgname IN ('plantline_stamp', 'plantline_append_only'));
    IF t.mutable THEN
      EXECUTE format('CREATE TRIGGER plantline_stamp BEFORE UPDATE ON %I
                      FOR EACH ROW EXECUTE FUNCTION plantline_stamp_row()', t.table_name);
    ELSE
      EXECUTE format('CREATE TRIGGER plantline_append_only BEFORE UPDATE OR DELETE ON %I
                      FOR EACH ROW EXECUTE FUNCTION plantline_append_only()', t.table_name);
    END IF;
  END LOOP;
END $$;
`);

/** Takes the bare executor, not `Db`: the client applies these while it opens the database. */
export async function applyRowStamps(db: { execute(query: SQL): Promise<unknown> }): Promise<void> {
  await db.execute(STAMP_FUNCTION);
  await db.execute(APPEND_ONLY_FUNCTION);
  await db.execute(APPLY);
}
