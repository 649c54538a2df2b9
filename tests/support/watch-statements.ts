import type { Db } from '../../server/db/client.ts';

// The statements a server's database driver runs while a test does something: both drivers
// (PGlite and node-postgres) take `(text or {text}, params, …)` on their `query`.

export type Statement = { sql: string; params: unknown[] };

type QueryFn = (text: unknown, params?: unknown, config?: unknown) => Promise<unknown>;
type TransactionFn = (callback: (tx: { query: QueryFn }) => Promise<unknown>) => Promise<unknown>;

/** The driver client under `db`, whose `query` every statement goes through. */
export function driverClient(db: Db): { query: QueryFn } {
  return (db as unknown as { $client: { query: QueryFn } }).$client;
}

/** The statements the driver ran while `send` ran, in order. */
export async function statementsOf(db: Db, send: () => Promise<unknown>): Promise<Statement[]> {
  const client = driverClient(db) as { query: QueryFn; transaction?: TransactionFn };
  const original = client.query;
  const originalTransaction = client.transaction;
  const seen: Statement[] = [];
  const watch = (query: QueryFn): QueryFn =>
    function watched(this: unknown, text, params, config) {
      const sql = typeof text === 'string' ? text : (text as { text?: unknown }).text;
      if (typeof sql === 'string')
        seen.push({ sql, params: Array.isArray(params) ? [...(params as unknown[])] : [] });
      return query.call(this, text, params, config);
    };
  client.query = watch(original);
  // PGlite runs a transaction's statements through the transaction's own `query`, not the
  // client's. (node-postgres runs them on a client the pool lends, which this does not watch.)
  if (originalTransaction)
    client.transaction = function watchedTransaction(this: unknown, callback) {
      return originalTransaction.call(this, (tx) => {
        tx.query = watch(tx.query);
        return callback(tx);
      });
    };
  try {
    await send();
  } finally {
    client.query = original;
    if (originalTransaction) client.transaction = originalTransaction;
  }
  return seen;
}
