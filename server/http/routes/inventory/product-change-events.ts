import {
  PRODUCT_CHANGES,
  type ProductChangeRow,
} from '../../../../src/domain/entities/inventory/product-changes.entity.ts';
import { PRODUCTS } from '../../../../src/domain/entities/inventory/products.entity.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { publishChange } from '../../entity/publish-change.ts';
import type { ChangeOutcome } from './product-changes.commands.ts';

// The approvers' notifications of docs/domain/inventory.md §2
// (`private-inventory.product-changes`): change.submitted, change.approved, change.rejected,
// besides the rows' own change.created/updated that keep the lists live.

const ANNOUNCED: Readonly<Record<string, string>> = {
  submitted: 'change.submitted',
  applied: 'change.approved',
  rejected: 'change.rejected',
};

export async function announceChange(
  deps: Pick<AppDeps, 'realtime'>,
  request: ProductChangeRow,
): Promise<void> {
  const event = ANNOUNCED[request.status ?? ''];
  if (!event) return;
  await deps.realtime.publisher.publish({
    channels: [PRODUCT_CHANGES.channel],
    event,
    data: {
      id: request.id,
      number: request.change_set_number,
      product_id: request.product_id,
      product_sku: request.product_sku,
      requested_by_name: request.requested_by_name,
    },
  });
}

/** After a committed command: the request's row, its announcement, and the product it wrote. */
export async function publishProductChange(
  deps: AppDeps,
  outcome: ChangeOutcome,
  verb: 'created' | 'updated',
): Promise<void> {
  await publishChange(deps, PRODUCT_CHANGES, verb, outcome.request);
  await announceChange(deps, outcome.request);
  if (outcome.product) {
    await publishChange(
      deps,
      PRODUCTS,
      outcome.product.created ? 'created' : 'updated',
      outcome.product.row,
    );
  }
}
