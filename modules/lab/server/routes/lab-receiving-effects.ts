import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../../../server/db/client.ts';
import { nextNumber } from '../../../../server/db/document-number.ts';
import { products, stockLots } from '../../../../server/db/schema/inventory.ts';
import { labReceivingItems, receivingContainers } from '../db/lab-receiving.schema.ts';
import { purchaseOrderLines } from '../../../../server/db/schema/purchase.ts';
import {
  applyPurchaseReceipt,
  checkPurchaseReceipt,
  type PurchaseReceiptLine,
} from '../../../../server/db/purchase/po-receipt-cache.ts';
import { postMovements } from '../../../../server/db/stock/post-movements.ts';
import { issuesToCodes } from '../../../../server/http/zod-to-codes.ts';
import { ruleError, validationError } from '../../../../server/errors/api-error.ts';
import {
  LAB_RECEIVING_ITEMS,
  labReceivingDoc,
  type LabReceivingItemRow,
} from '../../shared/entities/lab-receivings.entity.ts';
import { rowOf } from '../../../../src/domain/entity/row-of.ts';
import type { EventContext, EventOutcome } from '../../../../server/db/document-event.ts';
import type { PostingOutcome } from '../../../../server/db/stock/posting-outcome.ts';

// What each lab receiving event does besides its status (docs/domain/lab-receiving.md §10), in the
// event's transaction: receive makes the containers (Σ net = item qty), post makes the quarantine
// lots and the `receipt` movements, release lets the lots out of quarantine. A rejected
// receiving was never posted, so nothing of it is in stock (decision).

/** What a receiving's items bring to their purchase order lines. */
export const purchaseReceiptLines = (lines: Record<string, unknown>[]): PurchaseReceiptLine[] =>
  lines
    .filter((l) => l.purchase_order_line_id != null)
    .map((l) => ({ purchaseOrderLineId: Number(l.purchase_order_line_id), qty: Number(l.qty) }));

/** Containers as the receive event may give them; without them each item is split evenly. */
const containersBody = z
  .array(
    z.strictObject({
      line: z.coerce.number().int().min(0),
      net_qty: z.coerce.number().positive().max(1e10),
      tare_qty: z.coerce.number().min(0).max(1e10).default(0),
    }),
  )
  .max(2000)
  .optional();

const milli = (n: number) => Math.round(n * 1000);

/** `count` containers whose nets add up to `qty` exactly (to the 0.001): the last takes the rest. */
export function evenSplit(qty: number, count: number): number[] {
  const total = milli(qty);
  const each = Math.floor(total / count);
  return Array.from({ length: count }, (_, i) =>
    i === count - 1 ? (total - each * (count - 1)) / 1000 : each / 1000,
  ).filter((n) => n > 0);
}

/** The lines as the items binding reads them, numerics already numbers; never null in practice. */
const itemsOf = (lines: EventContext['lines']): LabReceivingItemRow[] =>
  lines.map((l) => rowOf(LAB_RECEIVING_ITEMS, l));

/** Container ids the event changed, for their `container.updated` after commit. */
export type ChangedContainers = (ids: number[]) => Promise<void>;

/** Purchase orders a posting received against, for their broadcasts after commit. */
export type ReceivedOrders = (orderIds: number[]) => Promise<void>;

export function labReceivingEffects(announce: ChangedContainers, announceOrders: ReceivedOrders) {
  async function containersOf(tx: Tx, lines: LabReceivingItemRow[]) {
    if (lines.length === 0) return [];
    return tx
      .select({ id: receivingContainers.id })
      .from(receivingContainers)
      .where(
        inArray(
          receivingContainers.labReceivingItemId,
          lines.map((l) => l.id),
        ),
      );
  }

  async function setContainers(
    tx: Tx,
    lines: LabReceivingItemRow[],
    status: string,
    from: string[],
  ) {
    const rows = await containersOf(tx, lines);
    if (rows.length === 0) return [];
    const changed = await tx
      .update(receivingContainers)
      .set({ status })
      .where(
        and(
          inArray(
            receivingContainers.id,
            rows.map((r) => r.id),
          ),
          inArray(receivingContainers.status, from),
        ),
      )
      .returning({ id: receivingContainers.id });
    return changed.map((c) => c.id);
  }

  async function receive({ tx, actor, doc, lines, body }: EventContext): Promise<EventOutcome> {
    const parsed = containersBody.safeParse(body.containers);
    if (!parsed.success) {
      throw validationError(
        Object.fromEntries(
          Object.entries(issuesToCodes(parsed.error.issues)).map(([k, v]) => [
            `containers.${k}`,
            v,
          ]),
        ),
      );
    }
    // Goods past what their PO lines still expect are refused at the door, not at posting.
    await checkPurchaseReceipt(tx, purchaseReceiptLines(lines));
    const receiving = labReceivingDoc(doc);
    const given = parsed.data;
    const made: number[] = [];
    for (const [index, line] of itemsOf(lines).entries()) {
      const qty = line.qty ?? 0;
      const count = line.container_count ?? 0;
      const own = given?.filter((c) => c.line === index) ?? [];
      const containers =
        own.length > 0
          ? own
          : evenSplit(qty, count).map((net) => ({
              net_qty: net,
              tare_qty: 0,
            }));
      const sum = containers.reduce((s, c) => s + milli(c.net_qty), 0);
      if (sum !== milli(qty)) {
        throw ruleError(
          `lines.${index}.qty`,
          `The containers hold ${sum / 1000} in all, the item ${qty}: their net quantities must add up to the item's quantity`,
        );
      }
      for (const container of containers) {
        const [row] = await tx
          .insert(receivingContainers)
          .values({
            code: await nextNumber(tx, 'receiving_container'),
            labReceivingItemId: line.id,
            containerTypeId: line.container_type_id,
            netQty: String(container.net_qty),
            tareQty: String(container.tare_qty),
            locationId: receiving.location_id,
            createdBy: actor.id,
            updatedBy: actor.id,
          })
          .returning({ id: receivingContainers.id });
        made.push(row!.id);
      }
      if (containers.length !== count) {
        await tx
          .update(labReceivingItems)
          .set({ containerCount: containers.length })
          .where(eq(labReceivingItems.id, line.id));
      }
    }
    return { afterCommit: () => announce(made) };
  }

  async function post({ tx, actor, doc, lines: rows }: EventContext): Promise<PostingOutcome> {
    const receiving = labReceivingDoc(doc);
    const lines = itemsOf(rows);
    const productRows = await tx
      .select({ id: products.id, sku: products.sku, cost: products.standardCost })
      .from(products)
      .where(
        inArray(
          products.id,
          lines.map((l) => l.product_id ?? 0),
        ),
      );
    const productOf = new Map(productRows.map((p) => [p.id, p]));
    const poLineIds = lines
      .map((l) => l.purchase_order_line_id)
      .filter((v): v is number => v != null);
    const poPrices = new Map(
      poLineIds.length === 0
        ? []
        : (
            await tx
              .select({ id: purchaseOrderLines.id, price: purchaseOrderLines.unitPrice })
              .from(purchaseOrderLines)
              .where(inArray(purchaseOrderLines.id, poLineIds))
          ).map((l) => [l.id, Number(l.price)]),
    );
    const moves = [];
    for (const [index, line] of lines.entries()) {
      const productId = line.product_id ?? 0;
      const lotNo = (line.supplier_lot_no ?? '').trim();
      const product = productOf.get(productId);
      // A supplier lot met again would mix quarantined stock into a lot already judged.
      const [inserted] = await tx
        .insert(stockLots)
        .values({
          productId,
          lotNo,
          source: 'receipt',
          status: 'quarantine',
          receivedAt: new Date(`${receiving.received_at}T12:00:00Z`),
          expiryDate: line.expiry_date,
          createdBy: actor.id,
          updatedBy: actor.id,
        })
        .onConflictDoNothing()
        .returning({ id: stockLots.id });
      if (!inserted) {
        throw ruleError(
          `lines.${index}.supplier_lot_no`,
          `Lot ${lotNo} of ${product?.sku ?? 'this product'} exists already: receive it under its own lot number`,
        );
      }
      await tx
        .update(labReceivingItems)
        .set({ lotId: inserted.id })
        .where(eq(labReceivingItems.id, line.id));
      const poLine = line.purchase_order_line_id;
      moves.push({
        productId,
        locationId: receiving.location_id,
        lotId: inserted.id,
        qty: line.qty ?? 0,
        unitCost: poLine != null ? (poPrices.get(poLine) ?? null) : Number(product?.cost ?? 0),
        movementType: 'receipt' as const,
        sourceType: 'lab_receivings' as const,
        sourceId: doc.id,
        sourceLineId: line.id,
        line: index,
      });
    }
    const posting = await postMovements(tx, moves, { actorId: actor.id });
    // The PO's received quantities are a cache written with the receipt, the
    // way an inventory receiving's posting writes them.
    const orders = await applyPurchaseReceipt(tx, actor, purchaseReceiptLines(lines), {
      through: 'Lab receiving',
      number: receiving.number ?? '',
    });
    const changed = await setContainers(tx, lines, 'quarantine', ['received']);
    return {
      posting,
      afterCommit: async () => {
        await announce(changed);
        await announceOrders(orders);
      },
    };
  }

  async function release({ tx, actor, lines: rows }: EventContext): Promise<EventOutcome> {
    const lines = itemsOf(rows);
    const lotIds = lines.map((l) => l.lot_id).filter((v): v is number => v != null);
    if (lotIds.length > 0) {
      await tx
        .update(stockLots)
        .set({ status: 'released', updatedBy: actor.id })
        .where(and(inArray(stockLots.id, lotIds), eq(stockLots.status, 'quarantine')));
    }
    const changed = await setContainers(tx, lines, 'released', ['quarantine']);
    return { afterCommit: () => announce(changed) };
  }

  return { receive, post, release };
}

/** Why the receiving cannot be inspected yet: SQL over its items, shown and guarded alike. */
export const inspectionBlocker = (id: ReturnType<typeof sql>) => sql<string | null>`(case
  when exists (select 1 from lab_receiving_items i join products p on p.id = i.product_id
                where i.lab_receiving_id = ${id} and p.type = 'nicotine_base'
                  and i.coa_attachment_id is null)
    then 'A nicotine item needs its certificate of analysis (CoA) before inspection'
  when exists (select 1 from lab_receiving_items i
                where i.lab_receiving_id = ${id} and i.flashpoint_class_id is null)
    then 'Every item needs a measured flashpoint that falls in a flashpoint class'
  end)`;
