import { STOCK_ON_HAND } from '../../../../src/domain/entities/stock/stock-on-hand.entity.ts';
import type { AppDeps } from '../../../app-deps.ts';
import type { StockPosting } from '../../../db/stock/post-movements.ts';

// After commit, a posting goes out on `private-inventory.stock` twice over: `stock.moved`
// per product × location (docs/domain/inventory.md §2 realtime) for dashboards, and the changed
// balance rows as `stock_balance.*` so the stock-on-hand and locator grids update in place.

export async function publishStockPosting(
  deps: Pick<AppDeps, 'realtime'>,
  posting: StockPosting,
): Promise<void> {
  const { publisher } = deps.realtime;
  for (const moved of posting.moved) {
    await publisher.publish({
      channels: [STOCK_ON_HAND.channel],
      event: 'stock.moved',
      data: moved,
    });
  }
  for (const balance of posting.balances) {
    await publisher.publish({
      channels: [STOCK_ON_HAND.channel],
      event: `${STOCK_ON_HAND.event}.${balance.verb}`,
      data: balance.delta,
    });
  }
}
