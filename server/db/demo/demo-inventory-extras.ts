import { eq } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { nextNumber } from '../document-number.ts';
import { currencies } from '../schema/general.ts';
import {
  priceTierPrices,
  priceTiers,
  productChangeRequests,
  productChangeSets,
  statusTransitions,
} from '../schema/inventory.ts';
import { users } from '../schema/users.ts';

// The inventory demo's price tiers and the change request waiting for an approver.

export async function seedPriceTiers(tx: Tx, goods: { id: number; sku: string }[]) {
  const [cad] = await tx
    .select({ id: currencies.id })
    .from(currencies)
    .where(eq(currencies.code, 'CAD'));
  if (!cad) return;
  const [retail, wholesale] = await tx
    .insert(priceTiers)
    .values([
      { code: 'RETAIL', name: 'Retail stores', currencyId: cad.id, isDefault: true },
      { code: 'WHOLESALE', name: 'Wholesale and distributors', currencyId: cad.id },
    ])
    .returning({ id: priceTiers.id });
  if (!retail || !wholesale) return;
  const prices = goods.flatMap(({ id, sku }) => {
    const salt = /-\d+S-/.test(sku);
    const big = sku.includes('-60');
    const retailPrice = big ? 24.99 : salt ? 16.99 : 14.99;
    const wholesalePrice = big ? 13.9 : salt ? 9.75 : 8.5;
    const line = (tier: number, minQty: number, price: number) => ({
      priceTierId: tier,
      productId: id,
      minQty: String(minQty),
      unitPrice: price.toFixed(4),
      validFrom: '2026-01-01',
    });
    return [
      line(retail.id, 1, retailPrice),
      line(wholesale.id, 1, wholesalePrice),
      line(wholesale.id, 120, wholesalePrice * 0.93),
    ];
  });
  await tx.insert(priceTierPrices).values(prices);
}

/** One rename waiting for the approver, so the change screens are not empty. */
export async function seedChangeRequest(tx: Tx, product: { id: number; name: string }) {
  const [maker] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, 'inventory'));
  if (!maker) return;
  const [set] = await tx
    .insert(productChangeSets)
    .values({
      number: await nextNumber(tx, 'product_change_set'),
      title: 'Rename for the 2027 label refresh',
      createdBy: maker.id,
      updatedBy: maker.id,
    })
    .returning({ id: productChangeSets.id });
  if (!set) return;
  const [request] = await tx
    .insert(productChangeRequests)
    .values({
      changeSetId: set.id,
      productId: product.id,
      action: 'update',
      proposed: { name: `${product.name} (new label)` },
      baseVersion: 1,
      status: 'submitted',
      requestedBy: maker.id,
      createdBy: maker.id,
      updatedBy: maker.id,
    })
    .returning({ id: productChangeRequests.id });
  if (!request) return;
  await tx.insert(statusTransitions).values([
    {
      entityType: 'product_change_requests',
      entityId: request.id,
      toStatus: 'draft',
      event: 'create',
      createdBy: maker.id,
    },
    {
      entityType: 'product_change_requests',
      entityId: request.id,
      fromStatus: 'draft',
      toStatus: 'submitted',
      event: 'submit',
      createdBy: maker.id,
    },
  ]);
}
