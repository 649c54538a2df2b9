import type { AppDeps } from '../../../app-deps.ts';
import { applyPurchaseReceipt } from '../../../db/purchase/po-receipt-cache.ts';
import type { EntityBindings } from '../../entity/binding-registry.ts';
import type { ReceivingHooks } from '../stock/receivings.routes.ts';
import { announcePurchaseReceipts } from './announce-purchase-receipts.ts';

/**
 * Purchase's part in stock's receivings (registered with them by the server's stock
 * registrar): a receiving against an order writes its accepted quantities to the order lines'
 * received cache in the posting's transaction, and the orders it touched hear of it once
 * committed.
 */
export function purchaseReceivingHooks(
  deps: Pick<AppDeps, 'database' | 'realtime'>,
  bindings: EntityBindings,
): ReceivingHooks {
  return {
    received: async (tx, actor, lines, source) => {
      const orders = await applyPurchaseReceipt(tx, actor, lines, source);
      return () => announcePurchaseReceipts(deps, bindings, orders);
    },
  };
}
