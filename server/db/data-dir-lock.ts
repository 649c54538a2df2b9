import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

// PGlite runs PostgreSQL inside this process and does not lock its directory: a second
// process opening it would corrupt the data. A lock file holding our pid refuses that second
// process; a lock left by a process that no longer exists is taken over.

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The data directory ${dir} is in use by another Plantline process (pid ${pid}). ` +
        'The embedded database (PGlite) can only be opened by one process at a time: stop the ' +
        'other process, choose another DATA_DIR, or set DATABASE_URL to use PostgreSQL.',
    );
    this.name = 'DataDirLockedError';
  }
}

export type DataDirLock = { release(): void };

export function lockDataDir(dir: string): DataDirLock {
  const absolute = resolve(dir);
  mkdirSync(absolute, { recursive: true });
  const file = join(absolute, 'plantline.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return { release: () => rmSync(file, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8'));
      // Our own pid counts as alive: the same process must not open the directory twice either.
      if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
        throw new DataDirLockedError(absolute, holder);
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${absolute}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
