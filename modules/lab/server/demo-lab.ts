import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { AttachmentStore } from '../../../server/attachments/attachment-store.ts';
import type { SessionUser } from '../../../server/auth/session-user.ts';
import { labReceivingEffects } from './routes/lab-receiving-effects.ts';
import type { Tx } from '../../../server/db/client.ts';
import { nextNumber } from '../../../server/db/document-number.ts';
import { resolveItemClasses } from './db/flashpoint-classes.ts';
import { attachments } from '../../../server/db/schema/attachments.ts';
import { locations, parameters } from '../../../server/db/schema/general.ts';
import { products } from '../../../server/db/schema/inventory.ts';
import { flashpointClasses, labReceivingItems, labReceivings } from './db/lab-receiving.schema.ts';
import { suppliers } from '../../../server/db/schema/purchase.ts';
import { users } from '../../../server/db/schema/users.ts';
import { logTransition } from '../../../server/db/transition-log.ts';
import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';

// Lab Receiving demo: flashpoint classes after WHMIS, and lab receivings a supervisor meets
// (a draft, one received with its containers, one posted and waiting in quarantine, one
// released), with CoA files written through the attachment store as the upload route does.
// Events run the same effects as the routes. Comes after users, locations, products and
// suppliers.

const CLASSES = [
  [
    'FL-1',
    'Extremely flammable',
    '-100.0',
    '-0.1',
    '1',
    'Flammables cabinet, grounded, away from ignition',
    '20',
  ],
  ['FL-2', 'Highly flammable', '0.0', '22.9', '2', 'Flammables cabinet, grounded', '50'],
  ['FL-3', 'Flammable', '23.0', '60.0', '3', 'Flammables cabinet', '250'],
  ['FL-4', 'Combustible', '60.1', '93.0', '4', 'Ventilated chemical storage', '1000'],
  [
    'NF',
    'Not flammable (flashes above 93 °C)',
    '93.1',
    '400.0',
    'not_flammable',
    'General chemical storage',
    null,
  ],
] as const;

type Plan = {
  supplier: string;
  carrier: string;
  daysAgo: number;
  events: readonly ('receive' | 'inspect' | 'post' | 'release')[];
  items: readonly {
    sku: string;
    lot: string;
    qty: number;
    containers: number;
    flashpoint: number;
    coa: boolean;
  }[];
};

const PLANS: readonly Plan[] = [
  {
    supplier: 'SUP-NICO',
    carrier: 'Purolator',
    daysAgo: 20,
    events: ['receive', 'inspect', 'post', 'release'],
    items: [
      {
        sku: 'RM-NIC-FB-100',
        lot: 'NRL-FB-2611-A',
        qty: 20000,
        containers: 4,
        flashpoint: 101.5,
        coa: true,
      },
    ],
  },
  {
    supplier: 'SUP-NICO',
    carrier: 'FedEx Freight',
    daysAgo: 3,
    events: ['receive', 'inspect', 'post'],
    items: [
      {
        sku: 'RM-NIC-SALT-100',
        lot: 'NRL-SB-2611-C',
        qty: 10000,
        containers: 2,
        flashpoint: 98.0,
        coa: true,
      },
    ],
  },
  {
    supplier: 'SUP-GLYC',
    carrier: 'Day & Ross',
    daysAgo: 1,
    events: ['receive'],
    items: [
      {
        sku: 'RM-PG-USP',
        lot: 'GLG-PG-88412',
        qty: 200000,
        containers: 1,
        flashpoint: 99.0,
        coa: false,
      },
    ],
  },
  {
    supplier: 'SUP-NICO',
    carrier: 'Purolator',
    daysAgo: 0,
    events: [],
    items: [
      {
        sku: 'RM-NIC-FB-100',
        lot: 'NRL-FB-2611-D',
        qty: 5000,
        containers: 1,
        flashpoint: 101.0,
        coa: false,
      },
    ],
  },
];

const ROLE_OF = {
  receive: 'warehouse',
  inspect: 'supervisor',
  post: 'supervisor',
  release: 'supervisor',
} as const;
const STATUS_OF = {
  receive: 'received',
  inspect: 'inspected',
  post: 'posted',
  release: 'released',
} as const;

/** A small text CoA, as a supplier's lab might send it. */
function coaText(sku: string, lot: string, flashpoint: number): Buffer {
  return Buffer.from(
    [
      'CERTIFICATE OF ANALYSIS',
      `Product: ${sku}`,
      `Lot: ${lot}`,
      'Assay (nicotine): 100.2 mg/ml (spec 98.0-102.0)',
      `Flash point (closed cup): ${flashpoint.toFixed(1)} C`,
      'Result: conforms',
      '',
    ].join('\n'),
  );
}

async function storeCoa(
  tx: Tx,
  store: AttachmentStore,
  userId: number,
  sku: string,
  lot: string,
  fp: number,
) {
  const bytes = coaText(sku, lot, fp);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const storageKey = await store.put(bytes, sha256);
  const [row] = await tx
    .insert(attachments)
    .values({
      fileName: `CoA-${lot}.txt`,
      contentType: 'text/plain',
      sizeBytes: bytes.length,
      sha256,
      storageKey,
      createdBy: userId,
    })
    .returning({ id: attachments.id });
  return row!.id;
}

export async function seedDemoLab(tx: Tx, store: AttachmentStore): Promise<void> {
  await tx.insert(flashpointClasses).values(
    CLASSES.map(([code, name, minC, maxC, hazardCategory, storageRequirement, maxStorageQty]) => ({
      code,
      name,
      minC,
      maxC,
      hazardCategory,
      storageRequirement,
      maxStorageQty,
    })),
  );
  const userRows = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['warehouse', 'supervisor']));
  const userId = (name: string) => userRows.find((u) => u.username === name)?.id ?? null;
  const [lab] = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.code, 'LAB'));
  const supplierRows = await tx.select({ id: suppliers.id, code: suppliers.code }).from(suppliers);
  const productRows = await tx.select({ id: products.id, sku: products.sku }).from(products);
  const [drum] = await tx
    .select({ id: parameters.id })
    .from(parameters)
    .where(eq(parameters.code, 'drum'));
  if (!lab) return;
  const effects = labReceivingEffects(
    async () => undefined,
    async () => undefined,
  );
  for (const plan of PLANS) {
    const warehouse = userId('warehouse');
    const receivedAt = new Date(Date.now() - plan.daysAgo * 86_400_000).toISOString().slice(0, 10);
    const [doc] = await tx
      .insert(labReceivings)
      .values({
        number: await nextNumber(tx, 'lab_receiving'),
        supplierId: supplierRows.find((s) => s.code === plan.supplier)!.id,
        locationId: lab.id,
        receivedAt,
        carrier: plan.carrier,
        createdBy: warehouse,
        updatedBy: warehouse,
      })
      .returning();
    for (const item of plan.items) {
      await tx.insert(labReceivingItems).values({
        labReceivingId: doc!.id,
        productId: productRows.find((p) => p.sku === item.sku)!.id,
        supplierLotNo: item.lot,
        qty: String(item.qty),
        containerCount: item.containers,
        containerTypeId: drum?.id ?? null,
        expiryDate: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
        flashpointC: String(item.flashpoint),
        coaAttachmentId: item.coa
          ? await storeCoa(tx, store, warehouse ?? 0, item.sku, item.lot, item.flashpoint)
          : null,
        createdBy: warehouse,
        updatedBy: warehouse,
      });
    }
    await resolveItemClasses(tx, doc!.id);
    let from = 'draft';
    for (const event of plan.events) {
      const actorId = userId(ROLE_OF[event]) ?? 0;
      const lines = (
        await tx
          .select()
          .from(labReceivingItems)
          .where(eq(labReceivingItems.labReceivingId, doc!.id))
      ).map((l): EntityRow => ({
        id: l.id,
        version: l.version,
        seq: l.seq,
        product_id: l.productId,
        qty: l.qty,
        container_count: l.containerCount,
        container_type_id: l.containerTypeId,
        supplier_lot_no: l.supplierLotNo,
        expiry_date: l.expiryDate,
        purchase_order_line_id: l.purchaseOrderLineId,
        lot_id: l.lotId,
      }));
      const row: EntityRow = {
        id: doc!.id,
        version: doc!.version,
        seq: doc!.seq,
        location_id: doc!.locationId,
        received_at: doc!.receivedAt,
      };
      const effect = event === 'inspect' ? null : effects[event];
      await effect?.({
        tx,
        actor: { id: actorId } as SessionUser,
        doc: row,
        lines,
        reason: null,
        body: {},
      });
      await tx
        .update(labReceivings)
        .set({ status: STATUS_OF[event], updatedBy: actorId })
        .where(eq(labReceivings.id, doc!.id));
      await logTransition(tx, {
        entityType: 'lab_receivings',
        entityId: doc!.id,
        from,
        to: STATUS_OF[event],
        event,
        reason: null,
        actorId,
      });
      from = STATUS_OF[event];
    }
  }
}
