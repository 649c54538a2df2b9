import { inArray } from 'drizzle-orm';
import { previousMonth } from '../../../src/domain/entities/production/stamp-reconciliation.ts';
import type { Tx } from '../client.ts';
import {
  stampReconciliationCounts,
  stampReconciliations,
} from '../schema/stamp-reconciliations.ts';
import { users } from '../schema/users.ts';
import { monthFigures } from '../stamp-reels/month-figures.ts';

// A closed month of the stamp reconciliation (docs/domain/production.md "Monthly stamp
// reconciliation"): the month before last, as the demo reels' ledger left it, counted by stamp
// inventory, every jurisdiction matching its book but one, whose short count has its reason,
// and closed early in the month after. Last month stays open, waiting for its count.

export async function seedDemoStampReconciliation(tx: Tx): Promise<void> {
  const month = previousMonth(previousMonth(new Date().toISOString().slice(0, 7)));
  const [keeper] = await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.username, ['stamp_inventory']));
  if (!keeper) return;
  const figures = await monthFigures(tx, month);
  const short = figures.find((f) => f.closing >= 10);
  const [year, m] = month.split('-').map(Number);
  const closedAt = new Date(Date.UTC(year!, m, 3, 14, 0));
  const [row] = await tx
    .insert(stampReconciliations)
    .values({
      month: `${month}-01`,
      status: 'closed',
      closedBy: keeper.id,
      closedAt,
      createdBy: keeper.id,
      updatedBy: keeper.id,
      createdAt: closedAt,
    })
    .returning({ id: stampReconciliations.id });
  if (!row || figures.length === 0) return;
  await tx.insert(stampReconciliationCounts).values(
    figures.map((f) => ({
      reconciliationId: row.id,
      stampJurisdictionId: f.stamp_jurisdiction_id,
      countedQty: f === short ? f.closing - 3 : f.closing,
      reason: f === short ? 'Three stamps torn when the reel was rethreaded, not logged' : null,
      filedClosing: f.closing,
      createdBy: keeper.id,
      updatedBy: keeper.id,
    })),
  );
}
