import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { purchasePdfApi } from '../../src/domain/entities/purchase/purchase-order-print.ts';
import { PURCHASE_ORDERS } from '../../src/domain/entities/purchase/purchase-orders.entity.ts';
import type { TimelineEntry } from '../../src/domain/entity/timeline-entry.ts';
import { countries, provinces } from '../../server/db/schema/general.ts';
import type { Row } from '../support/entity-crud.ts';
import { readPdf } from '../support/pdf-text.ts';
import { startPurchaseWorld, type PurchaseWorld } from '../support/purchase-fixtures.ts';
import { REFUSED_DOMAIN, startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox.ts';
import { backends } from '../support/test-server.ts';

// A purchase order to a supplier abroad and how Send reaches the supplier: an American
// supplier's order carries no Canadian sales tax unless the buyer picks a setup; Send emails the
// order's PDF through a real SMTP server (one in this process) and the timeline says to whom;
// a relay's refusal, a supplier without an address and a server without SMTP each leave the
// order approved and say why, and only the buyer's word that they sent it themselves marks it
// sent without an email.

const API = PURCHASE_ORDERS.api;
const FROM = 'Vapeworks Purchasing <purchasing@vapeworks.example>';

type Answer = { httpStatus: number; data: Row & Record<string, unknown> };

function buyerOf(w: PurchaseWorld) {
  const api = async () => w.api('purchase');
  const create = async (supplierId: number, extra: object = {}) => {
    const reply = await (
      await api()
    ).send<Row>('POST', API, { ...w.orderOf(supplierId, 400, 2.5), ...extra });
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(201);
    return reply.data;
  };
  const event = async (doc: Row, name: string, extra: object = {}): Promise<Answer> =>
    (await api()).send<Row>('POST', `${API}/${doc.id}/events/${name}`, {
      version: doc.version,
      ...extra,
    });
  const approved = async (supplierId: number) => {
    const reply = await event(await create(supplierId), 'submit');
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(200);
    return reply.data;
  };
  const read = async (id: number) => (await (await api()).get<Row>(`${API}/${id}`)).data;
  const timeline = async (id: number) =>
    (await (await api()).get<TimelineEntry[]>(`/api/timeline/purchase_orders/${id}`)).data;
  return { create, event, approved, read, timeline, api };
}

async function usaAndNorthCarolina(w: PurchaseWorld) {
  const [usa] = await w.db.select().from(countries).where(eq(countries.iso2, 'US'));
  const [nc] = await w.db.select().from(provinces).where(eq(provinces.code, 'NC'));
  return { usa: usa!.id, nc: nc!.id };
}

describe.each(backends())('sending purchase orders by email on %s', (backend) => {
  let inbox: SmtpInbox;
  let w: PurchaseWorld;
  let buyer: ReturnType<typeof buyerOf>;
  let american: Row;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    w = await startPurchaseWorld(backend, { env: { SMTP_URL: inbox.url, SMTP_FROM: FROM } });
    buyer = buyerOf(w);
    const { usa, nc } = await usaAndNorthCarolina(w);
    american = await w.newSupplier({
      name: 'Nicotine River Test Labs',
      currency_id: w.usd,
      country_id: usa,
      province_id: nc,
      street: '1200 Research Triangle Drive',
      city: 'Durham',
      postal_code: '27709',
      email: 'orders@nicotine-river.example',
    });
  }, 180_000);
  afterAll(async () => {
    await w?.t.close();
    await inbox?.close();
  });

  it('figures an American supplier’s order without Canadian tax, unless the buyer picks a setup', async () => {
    const abroad = await buyer.create(american.id);
    expect(abroad).toMatchObject({ subtotal: 1000, tax_total: 0, total: 1000, taxes: [] });
    expect(abroad.tax_setup_id).toBeNull();
    expect(abroad.supplier_address).toBe(
      '1200 Research Triangle Drive, Durham, NC 27709, United States',
    );
    // The same order from a supplier at home, shipped to Ontario, takes HST.
    const home = await buyer.create((await w.newSupplier()).id);
    expect(home.taxes).toEqual([{ tax_code: 'HST', rate: 13, amount: 130 }]);
    // The buyer may still charge it on the American order.
    const edited = await (
      await buyer.api()
    ).send<Row>('PUT', `${API}/${abroad.id}`, {
      version: abroad.version,
      tax_setup_id: home.tax_setup_id,
    });
    expect(edited.httpStatus, JSON.stringify(edited.data)).toBe(200);
    expect(edited.data).toMatchObject({ tax_total: 130, total: 1130 });
  });

  it('refuses a province of one country for a supplier in another', async () => {
    const { nc } = await usaAndNorthCarolina(w);
    const [canada] = await w.db.select().from(countries).where(eq(countries.iso2, 'CA'));
    const reply = await (
      await buyer.api()
    ).send<Row>('PUT', `/api/purchase/suppliers/${american.id}`, {
      version: (await (await buyer.api()).get<Row>(`/api/purchase/suppliers/${american.id}`)).data
        .version,
      country_id: canada!.id,
      province_id: nc,
    });
    expect(reply.httpStatus).toBe(422);
    expect(reply.data.province_id).toMatch(/not in the country/);
  });

  it('emails the PDF to the supplier and records the recipient on the timeline', async () => {
    const mail = await (await buyer.api()).get<Row>(`${API}/mail`);
    // The envelope answers booleans as 1 and 0.
    expect(mail.data).toEqual({ configured: 1, from: FROM });
    const order = await buyer.approved(american.id);
    const sent = await buyer.event(order, 'send');
    expect(sent.httpStatus, JSON.stringify(sent.data)).toBe(200);
    expect(sent.data.status).toBe('sent');

    const [delivered, ...more] = inbox.to('orders@nicotine-river.example');
    expect(more).toHaveLength(0);
    expect(delivered!.mail.from?.text).toBe(
      '"Vapeworks Purchasing" <purchasing@vapeworks.example>',
    );
    expect(delivered!.mail.subject).toContain(String(order.number));
    const [attachment, ...others] = delivered!.mail.attachments;
    expect(others).toHaveLength(0);
    expect(attachment!.filename).toBe(`${String(order.number)}.pdf`);
    expect(attachment!.contentType).toBe('application/pdf');
    // The attachment is the order's PDF: its number, the supplier's address, no Canadian tax.
    const pdf = readPdf(new Uint8Array(attachment!.content));
    expect(pdf.strings).toEqual(
      expect.arrayContaining([
        String(order.number),
        '1200 Research Triangle Drive',
        'Durham, NC  27709',
        'United States',
        'Total USD',
      ]),
    );
    // The letterhead carries the plant's own GST/HST number; no line charges a tax ('HST 13%').
    expect(pdf.text).not.toMatch(/\b(HST|GST|PST|QST)\b[^\n]*%/);

    const sending = (await buyer.timeline(order.id)).find((e) => e.event === 'send');
    expect(sending).toMatchObject({ from_status: 'approved', to_status: 'sent' });
    expect(sending!.reason).toContain('orders@nicotine-river.example');
  });

  it('leaves the order approved when the SMTP server refuses the address', async () => {
    const refused = await w.newSupplier({ email: `orders@${REFUSED_DOMAIN}` });
    const order = await buyer.approved(refused.id);
    const reply = await buyer.event(order, 'send');
    expect(reply.httpStatus).toBe(502);
    expect(reply.data.mail).toMatch(/could not be sent/);
    expect((await buyer.read(order.id)).status).toBe('approved');
  });

  it('says so when the supplier has no email address, and sends nothing', async () => {
    const silent = await w.newSupplier({ name: 'Quiet Closures' });
    const order = await buyer.approved(silent.id);
    const before = inbox.received.length;
    const reply = await buyer.event(order, 'send');
    expect(reply.httpStatus).toBe(422);
    expect(reply.data.supplier_email).toMatch(/^Quiet Closures has no email address/);
    expect(inbox.received).toHaveLength(before);
    expect((await buyer.read(order.id)).status).toBe('approved');
  });
});

describe.each(backends())('sending purchase orders without SMTP on %s', (backend) => {
  let w: PurchaseWorld;
  let buyer: ReturnType<typeof buyerOf>;
  beforeAll(async () => {
    w = await startPurchaseWorld(backend);
    buyer = buyerOf(w);
  }, 180_000);
  afterAll(async () => w?.t.close());

  it('refuses to email, offers the PDF, and marks it sent only on the buyer’s word', async () => {
    const supplier = await w.newSupplier({ email: 'sales@maple.example' });
    const mail = await (await buyer.api()).get<Row>(`${API}/mail`);
    expect(mail.data).toEqual({ configured: 0, from: null });
    const order = await buyer.approved(supplier.id);
    const refused = await buyer.event(order, 'send');
    expect(refused.httpStatus).toBe(422);
    expect(refused.data.mail).toMatch(/^Email is not set up/);
    expect((await buyer.read(order.id)).status).toBe('approved');
    // The PDF the buyer sends themselves is there to download.
    const pdf = await fetch(`${w.t.url}${purchasePdfApi(API, order.id)}`, {
      headers: { authorization: `Bearer ${(await buyer.api()).token}` },
    });
    expect(pdf.status).toBe(200);

    const byHand = await buyer.event(order, 'send', { sent_by_hand: true });
    expect(byHand.httpStatus, JSON.stringify(byHand.data)).toBe(200);
    expect(byHand.data.status).toBe('sent');
    const sending = (await buyer.timeline(order.id)).find((e) => e.event === 'send');
    expect(sending!.reason).toBe('Sent by the buyer outside Plantline to sales@maple.example');
  });
});
