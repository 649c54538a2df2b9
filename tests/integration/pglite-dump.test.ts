import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpPglite, walFiles, walSegmentOf, withoutEntries } from '../../server/db/pglite-dump.ts';

// A dump other databases start from (server/db/pglite-dump.ts) holds every row, and of the
// write-ahead log only the segments from its checkpoint's to the one being written.

/** The names of a tarball's entries, read through the same walk as the dump's. */
function entries(tar: Uint8Array): string[] {
  const names: string[] = [];
  withoutEntries(tar, (name) => {
    names.push(name);
    return false;
  });
  return names;
}

const walSegments = (names: string[]) => names.flatMap((name) => walSegmentOf(name) ?? []);

describe('a PGlite dump to start from', () => {
  let source: PGlite;
  beforeAll(async () => {
    source = await PGlite.create();
    await source.exec('create table probe (n int primary key, note text)');
    // Several segments finished and, after the checkpoint, others made ahead of time.
    for (let round = 0; round < 3; round += 1) {
      await source.query(
        `insert into probe select g, repeat('x', 200) from generate_series($1::int, $1::int + 999) g`,
        [round * 1000],
      );
      await source.exec('select pg_switch_wal()');
    }
  }, 60_000);
  afterAll(async () => source.close());

  it('keeps only the log segments from the checkpoint on, and opens with every row', async () => {
    const dump = await dumpPglite(source);
    const whole = new Uint8Array(await (await source.dumpDataDir('none')).arrayBuffer());
    const wal = await walFiles(source);
    const dumped = entries(new Uint8Array(await dump.arrayBuffer()));
    const kept = walSegments(dumped);
    const all = walSegments(entries(whole));
    expect(all.length).toBeGreaterThan(kept.length);
    expect(kept).toContain(wal.current);
    for (const segment of kept) {
      expect(segment >= wal.redo && segment <= wal.current, segment).toBe(true);
    }
    // Nothing but log segments left out.
    expect(dumped).toEqual(
      entries(whole).filter((name) => {
        const segment = walSegmentOf(name);
        return segment === undefined || kept.includes(segment);
      }),
    );

    const copy = await PGlite.create({ loadDataDir: dump });
    try {
      const { rows } = await copy.query<{ n: number; last: number }>(
        'select count(*)::int as n, max(n) as last from probe',
      );
      expect(rows[0]).toEqual({ n: 3000, last: 2999 });
      // And it writes on from there.
      await copy.exec(`insert into probe values (3000, 'after')`);
      expect((await copy.query('select 1 from probe where n = 3000')).rows).toHaveLength(1);
    } finally {
      await copy.close();
    }
  });
});
