import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import {
  LAB_RECEIVING_ITEMS,
  LAB_RECEIVINGS,
  labReceivingDoc,
  type LabReceivingRow,
} from '../../shared/entities/lab-receivings.entity.ts';
import { LAB_LOCATION_TYPES, LAB_PRODUCT_TYPES } from '../../shared/entities/lab-values.ts';
import {
  LAB_RECEIVING_TRANSITIONS,
  labReceivingMachine,
} from '../../shared/machines/lab-receiving.machine.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import { readableFile } from '../../../../server/attachments/attached-files.ts';
import { writeAudit } from '../../../../server/db/audit.ts';
import type { Tx } from '../../../../server/db/client.ts';
import { resolveItemClasses } from '../db/flashpoint-classes.ts';
import { attachments } from '../../../../server/db/schema/attachments.ts';
import {
  checkPurchaseReceipt,
  RECEIVABLE_PO_STATUSES,
} from '../../../../server/db/purchase/po-receipt-cache.ts';
import { locations, parameters } from '../../../../server/db/schema/general.ts';
import { products, stockLots } from '../../../../server/db/schema/inventory.ts';
import { flashpointClasses, labReceivingItems, labReceivings } from '../db/lab-receiving.schema.ts';
import {
  purchaseOrderLines,
  purchaseOrders,
  suppliers,
} from '../../../../server/db/schema/purchase.ts';
import { ruleError, validationError } from '../../../../server/errors/api-error.ts';
import { qualified, refLabel } from '../../../../server/http/entity/entity-binding.ts';
import {
  registerEntityRoutes,
  staleVersion,
} from '../../../../server/http/entity/entity-routes.ts';
import { publishChange } from '../../../../server/http/entity/publish-change.ts';
import { addRoute, signedIn } from '../../../../server/http/route.ts';
import { idParams, versionField } from '../../../../server/http/routes/common-fields.ts';
import { announcePurchaseReceipts } from '../../../../server/http/routes/purchase/announce-purchase-receipts.ts';
import { registerDocumentRoutes } from '../../../../server/http/entity/document-routes.ts';
import {
  documentSchema,
  lockedRow,
  readDocument,
} from '../../../../server/http/entity/document-spec.ts';
import {
  createdLabels,
  locationLabel,
  productLabels,
} from '../../../../server/http/entity/shared-field-labels.ts';
import {
  inspectionBlocker,
  labReceivingEffects,
  purchaseReceiptLines,
  type ChangedContainers,
} from './lab-receiving-effects.ts';
import { announcingPostings } from '../../../../server/http/routes/stock/posting-effects.ts';

// Lab receivings LR- (docs/domain/lab-receiving.md §10) on the stock document pattern: warehouse
// drafts and receives, the supervisor inspects, posts and releases or rejects. A CoA and a measured
// flashpoint often come after the goods, so an item's lab results (CoA file, flashpoint) may
// be set until inspection; the server derives each item's flashpoint class.

const WITH_RESULTS: readonly LabReceivingRow['status'][] = ['draft', 'received'];

export const itemComputed = {
  ...productLabels(labReceivingItems.productId),
  product_type: refLabel(labReceivingItems.productId, products, 'type'),
  lab_receiving_number: refLabel(labReceivingItems.labReceivingId, labReceivings, 'number'),
  lab_receiving_status: refLabel(labReceivingItems.labReceivingId, labReceivings, 'status'),
  container_type_name: refLabel(labReceivingItems.containerTypeId, parameters),
  flashpoint_class_code: refLabel(labReceivingItems.flashpointClassId, flashpointClasses, 'code'),
  coa_file_name: refLabel(labReceivingItems.coaAttachmentId, attachments, 'file_name'),
  coa_file_token: refLabel(labReceivingItems.coaAttachmentId, attachments, 'token'),
  lot_no: refLabel(labReceivingItems.lotId, stockLots, 'lot_no'),
};

async function checkDraft(
  tx: Tx,
  header: Record<string, unknown>,
  lines: Record<string, unknown>[],
) {
  const [location] = await tx
    .select({ type: locations.type })
    .from(locations)
    .where(eq(locations.id, Number(header.location_id)));
  if (location && !(LAB_LOCATION_TYPES as readonly string[]).includes(location.type)) {
    throw ruleError('location_id', 'Chemicals are received into a lab or quarantine location');
  }
  const productIds = [...new Set(lines.map((l) => Number(l.product_id)))];
  const types = new Map(
    (
      await tx
        .select({ id: products.id, type: products.type, sku: products.sku })
        .from(products)
        .where(inArray(products.id, productIds))
    ).map((p) => [p.id, p]),
  );
  lines.forEach((line, index) => {
    const product = types.get(Number(line.product_id));
    if (product && !(LAB_PRODUCT_TYPES as readonly string[]).includes(product.type)) {
      throw ruleError(
        `lines.${index}.product_id`,
        `${product.sku} is not a lab chemical (nicotine, flavour concentrate or PG/VG)`,
      );
    }
  });
  await checkPurchaseOrder(tx, header, lines);
  await checkPurchaseReceipt(tx, purchaseReceiptLines(lines));
  const files = lines.map((l) => l.coa_attachment_id).filter((v): v is number => v != null);
  if (files.length > 0) {
    const found = new Set(
      (
        await tx
          .select({ id: attachments.id })
          .from(attachments)
          .where(inArray(attachments.id, files))
      ).map((a) => a.id),
    );
    lines.forEach((line, index) => {
      if (line.coa_attachment_id != null && !found.has(Number(line.coa_attachment_id))) {
        throw validationError({ [`lines.${index}.coa_attachment_id`]: 'exists' });
      }
    });
  }
}

/**
 * The order is the supplier's and takes goods (sent or partially received, as inventory
 * receiving offers them); each PO line is the order's, for the item's product.
 */
async function checkPurchaseOrder(
  tx: Tx,
  header: Record<string, unknown>,
  lines: Record<string, unknown>[],
) {
  const orderId = header.purchase_order_id as number | null | undefined;
  if (orderId != null) {
    const [order] = await tx
      .select({
        supplierId: purchaseOrders.supplierId,
        number: purchaseOrders.number,
        status: purchaseOrders.status,
      })
      .from(purchaseOrders)
      .where(eq(purchaseOrders.id, orderId));
    if (order && order.supplierId !== Number(header.supplier_id)) {
      throw ruleError('purchase_order_id', 'This purchase order is from another supplier');
    }
    if (order && !(RECEIVABLE_PO_STATUSES as readonly string[]).includes(order.status)) {
      throw ruleError(
        'purchase_order_id',
        `${order.number} is ${order.status.replaceAll('_', ' ')}: it takes no goods (sent or partially received orders do)`,
      );
    }
  }
  for (const [index, line] of lines.entries()) {
    const lineId = line.purchase_order_line_id as number | null | undefined;
    if (lineId == null) continue;
    const [poLine] = await tx
      .select({
        orderId: purchaseOrderLines.purchaseOrderId,
        productId: purchaseOrderLines.productId,
      })
      .from(purchaseOrderLines)
      .where(eq(purchaseOrderLines.id, lineId));
    if (!poLine) throw validationError({ [`lines.${index}.purchase_order_line_id`]: 'exists' });
    if (poLine.orderId !== orderId || poLine.productId !== Number(line.product_id)) {
      throw ruleError(
        `lines.${index}.purchase_order_line_id`,
        'This line is not on the receiving’s purchase order for this product',
      );
    }
  }
}

const labResultsBody = z.strictObject({
  version: versionField,
  coa_attachment_id: z.coerce.number().int().positive().nullable().optional(),
  flashpoint_c: z.coerce.number().min(-200).max(1000).nullable().optional(),
});

export function registerLabReceivingRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  announceContainers: ChangedContainers,
): void {
  const { db } = deps.database;
  const doc = registerDocumentRoutes(app, deps, {
    header: {
      entity: LAB_RECEIVINGS,
      table: labReceivings,
      computed: {
        supplier_name: refLabel(labReceivings.supplierId, suppliers),
        purchase_order_number: refLabel(labReceivings.purchaseOrderId, purchaseOrders, 'number'),
        location_name: locationLabel(labReceivings.locationId),
        inspection_blocker: inspectionBlocker(qualified(labReceivings.id)),
        ...createdLabels(labReceivings.createdBy),
      },
    },
    lines: { entity: LAB_RECEIVING_ITEMS, table: labReceivingItems, computed: itemComputed },
    linesKey: { key: 'labReceivingId', column: labReceivingItems.labReceivingId },
    docType: 'lab_receiving',
    workflow: { machine: labReceivingMachine, table: LAB_RECEIVING_TRANSITIONS },
    eventAccess: { area: 'lab_receiving' },
    checkDraft,
    afterWrite: (tx, id) => resolveItemClasses(tx, id),
    workflowFacts: async (_tx, row) => ({
      inspection_blocker: labReceivingDoc(row).inspection_blocker,
    }),
    effects: announcingPostings(
      deps,
      labReceivingEffects(announceContainers, (ids) =>
        announcePurchaseReceipts(deps, app.entityBindings, ids),
      ),
    ),
  });

  registerEntityRoutes(app, deps, {
    entity: LAB_RECEIVING_ITEMS,
    table: labReceivingItems,
    computed: itemComputed,
  });

  addRoute(app, {
    method: 'PUT',
    url: `${LAB_RECEIVINGS.api}/:id/items/:item_id`,
    access: { area: 'lab_receiving' },
    summary:
      "Set an item's lab results (CoA attachment, measured flashpoint) until inspection; send the receiving's version",
    params: idParams.extend({ item_id: z.coerce.number().int().positive() }),
    body: labResultsBody,
    response: documentSchema(doc),
    handler: async ({ params, body, user, request }) => {
      const actor = signedIn(user);
      const { version, ...results } = body;
      const row = await db.transaction(async (tx) => {
        const before = labReceivingDoc(await lockedRow(tx, doc, params.id));
        if (before.version !== version) throw await staleVersion(tx, doc.binding, params.id);
        if (!WITH_RESULTS.includes(before.status)) {
          throw ruleError('status', `A ${before.status ?? ''} lab receiving's results are final`);
        }
        const [item] = await tx
          .select()
          .from(labReceivingItems)
          .where(
            and(
              eq(labReceivingItems.id, params.item_id),
              eq(labReceivingItems.labReceivingId, params.id),
            ),
          );
        if (!item) throw validationError({ item_id: 'exists' });
        // Only a file the actor reads goes on the item: a guessed id is as good as absent.
        if (results.coa_attachment_id != null) {
          await readableFile(tx, actor, results.coa_attachment_id, 'coa_attachment_id');
        }
        const set = {
          ...(results.coa_attachment_id !== undefined && {
            coaAttachmentId: results.coa_attachment_id,
          }),
          ...(results.flashpoint_c !== undefined && {
            flashpointC: results.flashpoint_c === null ? null : String(results.flashpoint_c),
          }),
        };
        if (Object.keys(set).length > 0) {
          await tx.update(labReceivingItems).set(set).where(eq(labReceivingItems.id, item.id));
        }
        await resolveItemClasses(tx, params.id);
        // The receiving's version moves with its items', so a stale screen is told.
        await tx
          .update(labReceivings)
          .set({ updatedBy: actor.id })
          .where(eq(labReceivings.id, params.id));
        await writeAudit(tx, {
          entityType: LAB_RECEIVINGS.name,
          entityId: params.id,
          action: 'update',
          changes: Object.fromEntries(
            Object.entries(results).map(([k, v]) => [
              `items.${item.id}.${k}`,
              [k === 'coa_attachment_id' ? item.coaAttachmentId : item.flashpointC, v],
            ]),
          ),
          userId: actor.id,
          ip: request.ip,
        });
        return readDocument(tx, doc, params.id);
      });
      await publishChange(deps, LAB_RECEIVINGS, 'updated', row);
      return row;
    },
  });
}
