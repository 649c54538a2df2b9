import { performance } from 'node:perf_hooks';
import type { PGlite, Transaction } from '@electric-sql/pglite';

// PGlite runs each statement on this thread, and the statements of one transaction follow one
// another as promise continuations, which never give the event loop its I/O phase: a
// transaction of many statements (an import's batch of 500 rows, about 300 ms) kept every
// other request waiting for all of it, even one that needs no query (`/api/me` from the
// session cache, a websocket frame; measured at 0.5 to 1.5 s). A transaction that has run for a
// time slice now lets the loop turn once before its next statement. Requests that need the database
// still wait for the transaction (PGlite is one session); the others are answered meanwhile. A
// short transaction never reaches a slice and costs nothing.

/** How long a PGlite transaction runs before letting the event loop turn. */
export const TRANSACTION_SLICE_MS = 20;

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function sliceTransactions(client: PGlite): void {
  const transaction = client.transaction.bind(client);
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
    transaction((tx) => {
      let since = performance.now();
      const yielding = async () => {
        if (performance.now() - since < TRANSACTION_SLICE_MS) return;
        await turn();
        since = performance.now();
      };
      const query = tx.query.bind(tx);
      const exec = tx.exec.bind(tx);
      const sliced: Transaction = Object.create(tx) as Transaction;
      sliced.query = async (...args) => {
        await yielding();
        return query(...args);
      };
      sliced.exec = async (...args) => {
        await yielding();
        return exec(...args);
      };
      return callback(sliced);
    });
}
