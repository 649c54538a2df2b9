import type { Db } from '../db/client.ts';
import type { SessionTarget } from '../realtime/session-watch.ts';
import type { SessionBus } from './session-bus.ts';
import { ReadBatcher } from '../db/read-batcher.ts';
import { findSessionsByHash, plausibleToken, type SessionUser } from './session-user.ts';
import { hashToken } from './tokens.ts';

// Every authenticated request asks "who is this token". The answer changes only when a write
// says so (sign-out, revocation, deactivation, a new password, new roles or modules, a profile
// edit), and every such write calls `changed()` after its commit: this process forgets at once,
// and the bus (Redis pub/sub when REDIS_URL is set) tells every other process within
// milliseconds. So each process keeps the answers it read, bounded in count (least recently
// used goes first) and in age: MAX_AGE_MS is the last line of defence for a change no write
// announced (a row edited by hand in psql, the create-admin CLI) and keeps the token's
// last-use stamp moving. While the bus is not connected nothing is trusted or kept, since a
// change announced meanwhile would be missed.
//
// Reads that miss are batched (read-batcher.ts): those asked for together go in one query.
// After a restart a thousand pages come back within seconds, each with its own token; a query
// each kept the embedded database busy for most of the storm.

/** How long an answer is trusted without a change being announced. */
export const MAX_AGE_MS = 15_000;
/** Sessions kept per process; each is a few hundred bytes. */
export const MAX_ENTRIES = 10_000;

type Entry = { user: SessionUser; readAt: number };

export type SessionCacheOptions = {
  /** Other processes' announcements; none (one process, PGlite) means local only. */
  bus?: SessionBus;
  maxEntries?: number;
  maxAgeMs?: number;
  now?: () => number;
};

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<SessionUser | null>>();
  private readonly reads: ReadBatcher<string, SessionUser>;
  // Bumped by every change: a read that began before it must not store what it read.
  private generation = 0;
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    private readonly options: SessionCacheOptions = {},
  ) {
    this.maxEntries = options.maxEntries ?? MAX_ENTRIES;
    this.maxAgeMs = options.maxAgeMs ?? MAX_AGE_MS;
    this.now = options.now ?? Date.now;
    this.reads = new ReadBatcher((hashes) => findSessionsByHash(db, hashes));
    options.bus?.onChange((target) => this.forget(target));
    options.bus?.onTrustLost(() => this.forget('all'));
  }

  /** The session of a bearer token, as findSessionByToken reads it, from memory when known. */
  async find(token: string): Promise<SessionUser | null> {
    if (!plausibleToken(token)) return null;
    const key = hashToken(token);
    const entry = this.entries.get(key);
    const now = this.now();
    if (entry && now - entry.readAt < this.maxAgeMs && now < entry.user.tokenExpiresAt.getTime()) {
      // Most recently used goes last, so the first key is the one to drop.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.user;
    }
    this.entries.delete(key);
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const read = this.read(key);
    this.pending.set(key, read);
    try {
      return await read;
    } finally {
      if (this.pending.get(key) === read) this.pending.delete(key);
    }
  }

  /**
   * After the commit of a write that ended sessions or changed what they carry: forgotten
   * here at once, and on every other process when the bus has handed it on.
   */
  async changed(target: SessionTarget): Promise<void> {
    this.forget(target);
    await this.options.bus?.publish(target);
  }

  /** Drops what this process holds for the target; `'all'` drops everything. */
  forget(target: SessionTarget | 'all'): void {
    this.generation += 1;
    this.pending.clear();
    if (target === 'all') {
      this.entries.clear();
      return;
    }
    for (const [key, { user }] of this.entries) {
      if ('tokenId' in target ? user.tokenId === target.tokenId : user.id === Number(target.userId))
        this.entries.delete(key);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  async close(): Promise<void> {
    this.forget('all');
    await this.options.bus?.close();
  }

  private async read(key: string): Promise<SessionUser | null> {
    const generation = this.generation;
    const readAt = this.now();
    const user = (await this.reads.read(key)) ?? null;
    const trusted = this.options.bus?.trusted() ?? true;
    if (user && trusted && generation === this.generation) {
      this.entries.set(key, { user, readAt });
      if (this.entries.size > this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
    }
    return user;
  }
}
