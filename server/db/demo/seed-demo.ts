import type { AttachmentStore } from '../../attachments/attachment-store.ts';
import type { Tx } from '../client.ts';
import { type DemoStage, serverModules } from '../../server-modules.ts';
import { hasAnyUser } from '../reference-data.ts';
import { seedDemoInventory } from './demo-inventory.ts';
import { seedDemoMaintenance } from './demo-maintenance.ts';
import { seedDemoProduction } from './demo-production.ts';
import { seedDemoRecipes } from './demo-recipes.ts';
import { seedDemoStock } from './demo-stock.ts';
import { seedDemoReference } from './demo-reference.ts';
import { seedDemoUsers } from './demo-users.ts';
import { seedDemoStampReels } from './demo-stamp-reels.ts';
import { seedDemoStampingOrders } from './demo-stamping-orders.ts';
import { seedDemoStampReconciliation } from './demo-stamp-reconciliation.ts';
import { seedDemoDistributionCenters } from './demo-distribution-centers.ts';
import { seedDemoDailyOrders } from './demo-daily-orders.ts';
import { seedDemoPurchase } from './demo-purchase.ts';
import { seedDemoPurchaseInvoices } from './demo-purchase-invoices.ts';
import { seedDemoPurchaseReceipts } from './demo-purchase-receipts.ts';
import { seedDemoTrace } from './demo-trace.ts';
import { seedDemoStampCover } from './demo-stamp-cover.ts';
import { seedDemoPotency } from './demo-potency.ts';

/** Demo data on first start: only into a database that has no user yet, in the caller's transaction. */
export async function seedDemoIfEmpty(
  tx: Tx,
  timezone: string,
  attachments: AttachmentStore,
): Promise<boolean> {
  if (await hasAnyUser(tx)) return false;
  const seedSlices = async (stage: DemoStage) => {
    for (const module of await serverModules())
      if ((module.demoStage ?? 'plant') === stage)
        await module.seedDemo?.(tx, { timezone, attachments });
  };
  await seedDemoReference(tx);
  await seedSlices('master');
  await seedDemoUsers(tx, timezone);
  await seedDemoInventory(tx);
  await seedDemoStock(tx);
  await seedDemoProduction(tx);
  await seedDemoRecipes(tx);
  await seedDemoStampReels(tx);
  await seedDemoStampingOrders(tx);
  await seedDemoStampReconciliation(tx);
  await seedDemoDistributionCenters(tx);
  await seedDemoMaintenance(tx);
  await seedDemoDailyOrders(tx);
  await seedDemoPurchase(tx);
  await seedDemoPurchaseReceipts(tx);
  await seedDemoPurchaseInvoices(tx);
  await seedSlices('supply');
  await seedDemoTrace(tx);
  // The rest of the slices seed after the plant they draw on and before the stamp cover, whose
  // locked period is placed before the demo forecast's.
  await seedSlices('plant');
  await seedDemoStampCover(tx);
  await seedDemoPotency(tx);
  return true;
}
