import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  jsonb,
  numeric,
  pgTable,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { attachments } from './attachments.ts';
import { checkInList } from './check-in-list.ts';
import { currencies } from './general.ts';
import { purchaseOrderLines, purchaseOrders, suppliers } from './purchase.ts';
import { logColumns, standardColumns, users } from './users.ts';
import { PURCHASE_INVOICE_STATUSES } from '../../../src/domain/entities/purchase/purchase-invoices.entity.ts';

// Supplier invoices (docs/domain/purchase.md §5) and their lines, one per purchase order line
// billed. A supplier numbers its invoices once: (supplier, supplier_invoice_no) is unique. The
// match flags of a line are written by the server on every draft write and again when it posts.

const ref = () => bigint({ mode: 'number' });
const qty = () => numeric({ precision: 14, scale: 3 });
const price = () => numeric({ precision: 14, scale: 4 });
const money = () => numeric({ precision: 14, scale: 2 });

export const purchaseInvoices = pgTable(
  'purchase_invoices',
  {
    ...standardColumns(),
    number: varchar({ length: 20 }).notNull().unique(),
    // Written from the purchase order in the creating transaction (never sent by the client).
    supplierId: ref().references(() => suppliers.id),
    purchaseOrderId: ref()
      .notNull()
      .references(() => purchaseOrders.id),
    supplierInvoiceNo: varchar({ length: 40 }).notNull(),
    invoiceDate: date({ mode: 'string' }).notNull(),
    dueDate: date({ mode: 'string' }),
    currencyId: ref().references(() => currencies.id),
    exchangeRate: numeric({ precision: 14, scale: 6 }).notNull().default('1'),
    status: varchar({ length: 30 }).notNull().default('draft'),
    subtotal: money().notNull().default('0'),
    taxTotal: money().notNull().default('0'),
    total: money().notNull().default('0'),
    totalCad: money().notNull().default('0'),
    taxes: jsonb().notNull().default([]),
    varianceReason: varchar({ length: 500 }),
    varianceAcceptedBy: ref().references(() => users.id),
    paidDate: date({ mode: 'string' }),
    paymentReference: varchar({ length: 60 }),
    note: varchar({ length: 500 }),
  },
  (t) => [
    unique('purchase_invoices_supplier_invoice_no_uk').on(t.supplierId, t.supplierInvoiceNo),
    index('purchase_invoices_order_idx').on(t.purchaseOrderId),
    check('purchase_invoices_status_ck', checkInList('status', PURCHASE_INVOICE_STATUSES)),
  ],
);

export const purchaseInvoiceLines = pgTable(
  'purchase_invoice_lines',
  {
    ...standardColumns(),
    purchaseInvoiceId: ref()
      .notNull()
      .references(() => purchaseInvoices.id, { onDelete: 'cascade' }),
    purchaseOrderLineId: ref()
      .notNull()
      .references(() => purchaseOrderLines.id),
    qty: qty().notNull(),
    unitPrice: price().notNull(),
    lineTotal: money().notNull().default('0'),
    qtyMismatch: boolean().notNull().default(false),
    priceVariance: boolean().notNull().default(false),
    priceVariancePct: numeric({ precision: 9, scale: 4 }),
  },
  (t) => [
    check('purchase_invoice_lines_qty_ck', sql`${t.qty} > 0 and ${t.unitPrice} >= 0`),
    index('purchase_invoice_lines_doc_idx').on(t.purchaseInvoiceId),
    index('purchase_invoice_lines_po_line_idx').on(t.purchaseOrderLineId),
  ],
);

/**
 * The supplier's own invoice files (PDF, scans) kept with the invoice (+log): attaching is an
 * append, never edited or removed, like the files themselves (docs/domain/README.md §0). The files
 * go with a draft invoice that is deleted; the attachment rows stay, as every attachment does.
 */
export const purchaseInvoiceAttachments = pgTable(
  'purchase_invoice_attachments',
  {
    ...logColumns(),
    purchaseInvoiceId: ref()
      .notNull()
      .references(() => purchaseInvoices.id, { onDelete: 'cascade' }),
    attachmentId: ref()
      .notNull()
      .references(() => attachments.id),
  },
  (t) => [uniqueIndex('purchase_invoice_attachments_uk').on(t.purchaseInvoiceId, t.attachmentId)],
);
