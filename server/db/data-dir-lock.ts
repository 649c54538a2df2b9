import {
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { join, resolve } from 'node:path';

// PGlite runs PostgreSQL inside this process and does not lock its directory: a second
// process opening it would corrupt the data. A lock file names its holder and refuses a
// second process while that holder lives; a lock whose holder is gone is taken over.
//
// A pid alone does not name a process for long: in a container node is pid 1 on every start,
// so after a crash (an OOM kill leaves the file behind) the new pid 1 took the old lock for
// its own and never started again. The holder is therefore the pid together with when that
// process started (Linux: /proc/<pid>/stat, in clock ticks since boot) and the boot it started
// in; a live process matching all three is the holder. A holder this process cannot see (one
// in another container sharing the volume) is known by its heartbeat instead: the holder
// touches the file every couple of seconds, and a file left untouched for longer than three
// beats belongs to nobody.

/** How often the holder touches the lock file, and how long silence means it is gone. */
export const HEARTBEAT = { everyMs: 2_000, staleAfterMs: 6_500 } as const;

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

/** Who holds the lock; `started` and `boot` are null where /proc does not tell them. */
type Holder = { pid: number; started: string | null; boot: string | null };

export async function lockDataDir(dir: string): Promise<DataDirLock> {
  const absolute = resolve(dir);
  mkdirSync(absolute, { recursive: true });
  const file = join(absolute, 'plantline.lock');
  const me = identityOf(process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
      const beat = setInterval(() => touch(file), HEARTBEAT.everyMs);
      beat.unref();
      return {
        release: () => {
          clearInterval(beat);
          rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      if (holder && (await holdsStill(holder, file))) {
        throw new DataDirLockedError(absolute, holder.pid);
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${absolute}`);
}

function touch(file: string): void {
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {
    // Released meanwhile, or the directory is gone: the next open decides.
  }
}

function readHolder(file: string): Holder | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
  // Locks written before the start time was recorded hold a bare pid.
  if (/^\d+$/.test(text)) return { pid: Number(text), started: null, boot: null };
  try {
    const parsed = JSON.parse(text) as Partial<Holder>;
    if (typeof parsed.pid !== 'number' || !Number.isInteger(parsed.pid) || parsed.pid <= 0)
      return null;
    return { pid: parsed.pid, started: parsed.started ?? null, boot: parsed.boot ?? null };
  } catch {
    return null;
  }
}

async function holdsStill(holder: Holder, file: string): Promise<boolean> {
  const seen = identityOf(holder.pid);
  // This very process counts as alive too: it must not open the directory twice.
  if (holder.started !== null && holder.started === seen.started && holder.boot === seen.boot) {
    return isAlive(holder.pid);
  }
  if (holder.started === null) {
    // A bare pid naming this process was left by an earlier one that had the same pid (this
    // one records its start time).
    if (holder.pid === process.pid) return false;
    if (isAlive(holder.pid)) return true;
  }
  // Not a live process here (gone, or in another PID namespace): alive only while it beats.
  const last = modifiedAt(file);
  if (last === null) return false;
  const silence = Date.now() - last;
  if (silence >= HEARTBEAT.staleAfterMs) return false;
  await sleep(HEARTBEAT.staleAfterMs - silence);
  const after = modifiedAt(file);
  return after !== null && after > last;
}

function modifiedAt(file: string): number | null {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

function identityOf(pid: number): Holder {
  return { pid, started: startTimeOf(pid), boot: bootId() };
}

// Field 22 of /proc/<pid>/stat; the command name (field 2) may hold spaces and parentheses,
// so the fields are counted after its closing parenthesis.
function startTimeOf(pid: number): string | null {
  const path = `/proc/${pid}/stat`;
  if (!existsSync(path)) return null;
  try {
    const stat = readFileSync(path, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function bootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
