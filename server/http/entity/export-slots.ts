import type pg from 'pg';

// How many PostgreSQL exports hold a pooled connection at once (a cursor for XLSX, a COPY for
// CSV). The pool has 10; a few exports started together must not leave every other request
// waiting for one, so the next export waits its turn.

/** Exports holding a pooled connection at once. */
export const CURSOR_EXPORTS_AT_ONCE = 3;

export type ExportSlots = { take(): Promise<void>; give(): void };

function slots(size: number): ExportSlots {
  let free = size;
  const waiting: Array<() => void> = [];
  return {
    take: (): Promise<void> => {
      if (free > 0) {
        free -= 1;
        return Promise.resolve();
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    give: (): void => {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    },
  };
}

/** One set of slots for the process: cursor and COPY exports share the limit. */
const exportSlots = slots(CURSOR_EXPORTS_AT_ONCE);

/** A pooled connection for one export, once a slot is free. */
export async function exportConnection(pool: pg.Pool): Promise<pg.PoolClient> {
  await exportSlots.take();
  try {
    return await pool.connect();
  } catch (error) {
    exportSlots.give();
    throw error;
  }
}

/** Gives the connection back (dropped by the pool when `broken`) and frees its slot. */
export function releaseExportConnection(client: pg.PoolClient, broken?: Error): void {
  client.release(broken);
  exportSlots.give();
}
