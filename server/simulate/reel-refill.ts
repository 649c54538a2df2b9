import { STAMP_REELS } from '../../src/domain/entities/production/stamp-reels.entity.ts';
import type { CrewContext } from './crew-context.ts';
import { SIM_MARK, where, type ListData } from './plant-api.ts';

// The simulator's stamp inventory (docs/domain/production.md §3.2 stamp_reels): when a
// jurisdiction's free reels hold too few stamps for a stamping order, stamp_inventory records a
// reel delivered with the serials after that jurisdiction's last reel, and a manager approves its
// receipt (maker-checker: never the one who received it), which puts its stamps on the reel ledger.
// A reel received but not yet approved is approved first, so a refusal never piles up reels.

type ReelRow = {
  id: number;
  version: number;
  reel_no: string;
  status: string;
  stamp_type_id: number;
  last_serial: number;
  note: string | null;
};

export type ReelRefillContext = CrewContext & { stats: { reelsReceived: number } };

/** What a supplier's reel holds (the demo reels hold 2,000 to 10,000). */
const REEL_STAMPS = 5000;

/** The next number of a reel series, as the supplier labels them: RL-QC-31003 → RL-QC-31004. */
export function nextReelNo(reelNo: string): string {
  const match = /^(.*?)(\d+)$/.exec(reelNo);
  if (!match) return `${reelNo}-2`;
  const [, prefix = '', digits = ''] = match;
  return `${prefix}${String(Number(digits) + 1).padStart(digits.length, '0')}`;
}

export async function refillReels(ctx: ReelRefillContext, jurisdictionId: number): Promise<void> {
  const { as, settle, stats } = ctx;
  const clerk = as('stamp_inventory');
  const reels = await clerk.get<ListData<ReelRow>>(STAMP_REELS.api, {
    per_page: 100,
    sort: { field: 'last_serial', direction: 'desc' },
    filter: [where('stamp_jurisdiction_id', 'number', 'equals', jurisdictionId)],
  });
  if (!reels.ok) return;
  const waiting = reels.data.rows.find(
    (r) => r.status === 'received' && r.note?.endsWith(SIM_MARK),
  );
  if (waiting) {
    await approve(ctx, waiting);
    return;
  }
  const last = reels.data.rows[0];
  if (!last) {
    ctx.warnOnce(`reels:${jurisdictionId}`, { jurisdictionId }, 'simulator: no reel to go by');
    return;
  }
  const first = Number(last.last_serial) + 1;
  const received = await clerk.send<ReelRow>('POST', STAMP_REELS.api, {
    module: 'production',
    reel_no: nextReelNo(last.reel_no),
    stamp_jurisdiction_id: jurisdictionId,
    stamp_type_id: last.stamp_type_id,
    first_serial: first,
    last_serial: first + REEL_STAMPS - 1,
    stamps_qty: REEL_STAMPS,
    received_at: new Date().toISOString().slice(0, 10),
    note: `Delivered for the stamping line ${SIM_MARK}`,
  });
  if (!settle(received, 'receive a reel')) return;
  stats.reelsReceived += 1;
  await approve(ctx, received.data);
}

async function approve(ctx: ReelRefillContext, reel: ReelRow): Promise<void> {
  ctx.settle(
    await ctx.as('manager').send('POST', `${STAMP_REELS.api}/${reel.id}/events/approve_receipt`, {
      version: reel.version,
    }),
    'approve a reel receipt',
  );
}
