import { randomUUID } from 'node:crypto';
import {
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
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
//
// Taking a stale lock over must be atomic: several processes starting at once all read the
// same stale lock, and one that removed "the lock" after another had already replaced it
// removed a live one, so two processes opened the database. The lock file is only ever
// created exclusively (O_EXCL), and a stale one is removed only under a takeover file, itself
// created exclusively, and only while it is still the very file judged stale (same content,
// same inode). Then every contender creates the lock again: exactly one succeeds, and the
// others find a live holder and are refused.

/** How often the holder touches the lock file, and how long silence means it is gone. */
export const HEARTBEAT = { everyMs: 2_000, staleAfterMs: 6_500 } as const;

/**
 * The takeover file is held for a few synchronous file operations; one this old was left by a
 * process that died holding it. Contenders look again this often while it is held.
 */
const TAKEOVER = { abandonedAfterMs: 3_000, pollMs: 20 } as const;

/** Rounds of create, judge, remove before giving up (each round some process progresses). */
const MAX_ROUNDS = 50;

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
  const mine = JSON.stringify(identityOf(process.pid));
  for (let round = 0; round < MAX_ROUNDS; round++) {
    if (createExclusive(file, mine)) return held(file, mine);
    const seen = fileState(file);
    if (!seen) continue; // released meanwhile: create it again
    const holder = parseHolder(seen.text);
    if (holder && (await holdsStill(holder, file))) {
      throw new DataDirLockedError(absolute, holder.pid);
    }
    await removeIfStill(file, seen);
  }
  throw new Error(`Could not lock ${absolute}`);
}

/** The lock this process took: it beats until released, and releases only its own file. */
function held(file: string, mine: string): DataDirLock {
  const beat = setInterval(() => touch(file), HEARTBEAT.everyMs);
  beat.unref();
  return {
    release: () => {
      clearInterval(beat);
      if (fileState(file)?.text === mine) rmSync(file, { force: true });
    },
  };
}

/**
 * Creates `file` with `text` unless it exists: true when this call made it. The text is written
 * to a file of this process's own first and linked into place (link fails when the name
 * exists), so the file never exists empty: a contender reading a half-written lock would have
 * found no holder in it and removed it as stale while its maker went on believing it held it.
 */
function createExclusive(file: string, text: string): boolean {
  const draft = `${file}.${process.pid}.${randomUUID()}`;
  writeFileSync(draft, text, { flag: 'wx' });
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(draft, { force: true });
  }
}

type FileState = { text: string; ino: number; mtimeMs: number };

function fileState(file: string): FileState | null {
  try {
    const { ino, mtimeMs } = statSync(file);
    return { text: readFileSync(file, 'utf8').trim(), ino, mtimeMs };
  } catch {
    return null;
  }
}

/**
 * Removes the stale lock `seen`, but only while it is still that file: under the takeover
 * file, so no other contender can remove or replace it between the check and the removal.
 * A contender that finds the takeover held waits for it to go, then looks again.
 */
async function removeIfStill(file: string, seen: FileState): Promise<void> {
  const takeover = `${file}.takeover`;
  if (!createExclusive(takeover, String(process.pid))) {
    await takeoverDone(takeover);
    return;
  }
  try {
    const now = fileState(file);
    if (now && now.ino === seen.ino && now.text === seen.text) rmSync(file);
  } finally {
    rmSync(takeover, { force: true });
  }
}

async function takeoverDone(takeover: string): Promise<void> {
  for (;;) {
    const seen = fileState(takeover);
    if (!seen) return;
    if (Date.now() - seen.mtimeMs >= TAKEOVER.abandonedAfterMs) {
      discardAbandoned(takeover, seen);
      return;
    }
    await sleep(TAKEOVER.pollMs);
  }
}

/**
 * A takeover file its process died holding (killed within those few operations): moved aside
 * under a name of this process's own (rename is atomic), then checked to be that file; one
 * taken meanwhile by a live process is put back (link fails rather than overwrite).
 */
function discardAbandoned(takeover: string, seen: FileState): void {
  const aside = `${takeover}.${process.pid}.${randomUUID()}`;
  try {
    renameSync(takeover, aside);
  } catch {
    return; // gone already
  }
  const moved = fileState(aside);
  if (moved && moved.ino !== seen.ino) {
    try {
      linkSync(aside, takeover);
    } catch {
      // Yet another contender made a new one in between: only after a process died holding
      // the takeover can two hold it at once, and both still create the lock exclusively.
    }
  }
  rmSync(aside, { force: true });
}

function touch(file: string): void {
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {
    // Released meanwhile, or the directory is gone: the next open decides.
  }
}

function parseHolder(text: string): Holder | null {
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
