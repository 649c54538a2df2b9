import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  invoiceFilesApi,
  type InvoiceFile,
} from '../../src/domain/entities/purchase/invoice-files.ts';
import { PURCHASE_INVOICES } from '../../src/domain/entities/purchase/purchase-invoices.entity.ts';
import { auditLogs } from '../../server/db/schema/audit.ts';
import { purchaseInvoiceAttachments } from '../../server/db/schema/purchase-invoices.ts';
import { attachmentToken } from '../support/attachment-client.ts';
import { connectEcho, disconnectEchoes, subscribed, waitFor } from '../support/echo-client.ts';
import type { Row } from '../support/entity-crud.ts';
import { receivedOrder } from '../support/invoice-fixtures.ts';
import { startPurchaseWorld, type PurchaseWorld } from '../support/purchase-fixtures.ts';

// The supplier's invoice files on a supplier invoice: the purchase role uploads
// them through /api/attachments (same store and checks as a CoA) and attaches them with the
// invoice's version; they are listed on the invoice and downloaded byte for byte by whoever
// reads attachments. Attaching moves the version, is audited and tells the invoices channel.

const API = PURCHASE_INVOICES.api;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n% Supplier invoice 4471\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const EXE = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]);

describe('supplier invoice files', () => {
  let w: PurchaseWorld;
  let supplier: Row;
  let invoices = 0;
  beforeAll(async () => {
    w = await startPurchaseWorld('pglite');
    supplier = await w.newSupplier();
    await w.setThreshold(100000);
    // The first suite of a run migrates the template database; the box is shared.
  }, 240_000);
  afterEach(() => disconnectEchoes());
  afterAll(async () => w.t.close());

  async function draftInvoice(): Promise<Row> {
    const po = await receivedOrder(w.db, await w.api('purchase'), {
      supplierId: supplier.id,
      shipTo: w.warehouse,
      lines: [{ productId: w.ids.untracked, qty: 10, unitPrice: 5, received: 10 }],
    });
    invoices += 1;
    const reply = await (
      await w.api('purchase')
    ).send<Row>('POST', API, {
      purchase_order_id: po.id,
      supplier_invoice_no: `SUP-${invoices}-${Math.random().toString(36).slice(2, 6)}`,
      invoice_date: '2026-03-10',
      lines: [{ purchase_order_line_id: po.lines[0]!.id, qty: 10, unit_price: 5 }],
    });
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
    return reply.data;
  }
  async function upload(user: string, bytes: Buffer, name: string) {
    const response = await fetch(
      `${w.t.url}/api/attachments?file_name=${encodeURIComponent(name)}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${(await w.api(user)).token}` },
        body: new Uint8Array(bytes),
      },
    );
    return {
      status: response.status,
      body: (await response.json()) as { data: Record<string, unknown> },
    };
  }
  const uploaded = async (bytes: Buffer, name: string) => {
    const up = await upload('purchase', bytes, name);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    return Number(up.body.data.id);
  };
  const attach = async (user: string, invoice: Row, attachmentId: number, version?: number) =>
    (await w.api(user)).send<{ version: number; files: InvoiceFile[] }>(
      'POST',
      invoiceFilesApi(invoice.id),
      { version: version ?? invoice.version, attachment_id: attachmentId },
    );
  const filesOf = async (invoice: Row) =>
    (await (await w.api('purchase')).get<InvoiceFile[]>(invoiceFilesApi(invoice.id))).data;
  const download = async (user: string, id: number) =>
    fetch(`${w.t.url}/api/attachments/${await attachmentToken(w.db, id)}/download`, {
      headers: { authorization: `Bearer ${(await w.api(user)).token}` },
    });

  it('attaches the supplier PDF and a scan, lists them and serves them back byte for byte', async () => {
    const invoice = await draftInvoice();
    const echo = await connectEcho(w.t.url, (await w.api('purchase')).token);
    const channel = echo.private('purchase.invoices');
    await subscribed(channel);
    const heard = waitFor(
      new Promise<{ id: number; version: number }>((resolve) =>
        channel.listen('.invoice.updated', resolve),
      ),
      'invoice.updated',
    );

    const pdf = await uploaded(PDF, 'Invoice 4471.pdf');
    const first = await attach('purchase', invoice, pdf);
    expect(first.httpStatus, JSON.stringify(first.data)).toBe(201);
    expect(first.data.version).toBeGreaterThan(invoice.version);
    expect(first.data.files.map((f) => f.file_name)).toEqual(['Invoice 4471.pdf']);
    expect(await heard).toMatchObject({ id: invoice.id, version: first.data.version });

    const png = await uploaded(PNG, 'scan page 2.png');
    const second = await attach('purchase', { ...invoice, version: first.data.version }, png);
    expect(second.httpStatus).toBe(201);
    const files = await filesOf(invoice);
    expect(files.map((f) => [f.file_name, f.content_type, f.size_bytes])).toEqual([
      ['Invoice 4471.pdf', 'application/pdf', PDF.length],
      ['scan page 2.png', 'image/png', PNG.length],
    ]);
    expect(files[0]!.attached_by_name).toBeTruthy();

    const got = await download('purchase', pdf);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Invoice 4471.pdf"/,
    );
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await got.arrayBuffer()).equals(PDF)).toBe(true);

    const [audit] = await w.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, 'purchase_invoices'), eq(auditLogs.entityId, invoice.id)))
      .orderBy(auditLogs.id)
      .limit(1)
      .offset(1);
    expect(audit?.changes).toEqual({ file_attached: [null, 'Invoice 4471.pdf'] });
  });

  it('takes files on a posted invoice too, and none on a cancelled one', async () => {
    const draft = await draftInvoice();
    const purchase = await w.api('purchase');
    const posted = await purchase.send<Row>('POST', `${API}/${draft.id}/events/post`, {
      version: draft.version,
    });
    expect(posted.httpStatus, JSON.stringify(posted.data)).toBe(200);
    expect(
      (await attach('purchase', posted.data, await uploaded(PDF, 'late.pdf'))).httpStatus,
    ).toBe(201);

    const other = await draftInvoice();
    const cancelled = await purchase.send<Row>('POST', `${API}/${other.id}/events/cancel`, {
      version: other.version,
      reason: 'Entered twice',
    });
    expect(cancelled.httpStatus, JSON.stringify(cancelled.data)).toBe(200);
    const refused = await attach('purchase', cancelled.data, await uploaded(PDF, 'void.pdf'));
    expect(refused.httpStatus).toBe(422);
    expect(refused.data).toEqual({ status: 'A cancelled supplier invoice takes no more files' });
    expect(await filesOf(cancelled.data)).toEqual([]);
  });

  it('refuses the wrong type and size at upload, another role, a stale version, an unknown or repeated file', async () => {
    const invoice = await draftInvoice();
    const exe = await upload('purchase', EXE, 'invoice.pdf');
    expect(exe.status).toBe(422);
    expect(exe.body.data).toEqual({ file: 'in' });
    const big = await upload('purchase', Buffer.alloc(10 * 1024 * 1024 + 1, 0x41), 'big.txt');
    expect(big.status).toBe(413);
    expect(big.body.data).toEqual({ file: 'size', max_bytes: 10 * 1024 * 1024 });

    const pdf = await uploaded(PDF, 'inv.pdf');
    for (const user of ['warehouse', 'batcher', 'sale']) {
      expect((await attach(user, invoice, pdf)).httpStatus).toBe(403);
      const list = await (await w.api(user)).get(invoiceFilesApi(invoice.id));
      expect(list.httpStatus).toBe(403);
    }
    const stale = await attach('purchase', invoice, pdf, invoice.version + 1);
    expect(stale.httpStatus).toBe(409);
    const unknown = await attach('purchase', invoice, 999_999);
    expect(unknown.httpStatus).toBe(422);
    expect(unknown.data).toEqual({ attachment_id: 'exists' });
    const rows = await w.db
      .select()
      .from(purchaseInvoiceAttachments)
      .where(eq(purchaseInvoiceAttachments.purchaseInvoiceId, invoice.id));
    expect(rows).toEqual([]);

    const ok = await attach('purchase', invoice, pdf);
    expect(ok.httpStatus).toBe(201);
    const twice = await attach('purchase', { ...invoice, version: ok.data.version }, pdf);
    expect(twice.httpStatus).toBe(422);
    expect(twice.data).toEqual({ attachment_id: 'unique' });
    expect(await filesOf(invoice)).toHaveLength(1);
  });

  it('lets whoever reads supplier invoices download the file: purchase, not the lab nor production', async () => {
    const invoice = await draftInvoice();
    const pdf = await uploaded(PDF, 'for-lab.pdf');
    expect((await attach('purchase', invoice, pdf)).httpStatus).toBe(201);
    expect((await download('admin', pdf)).status).toBe(200);
    expect((await download('supervisor', pdf)).status).toBe(403);
    expect((await download('batcher', pdf)).status).toBe(403);
  });
});
