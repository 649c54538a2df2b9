import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURCHASE_ORDERS } from '../../../src/domain/entities/purchase/purchase-orders.entity.ts';
import { tokenFor } from '../../support/api-client.ts';
import { DESK, journey } from '../../support/e2e-journey.ts';
import { entityClient, type EntityApiClient, type Row } from '../../support/entity-crud.ts';
import { saveScreenshot } from '../../support/e2e-shell.ts';
import { pick, save } from '../../support/e2e-stock.ts';
import { readPdf } from '../../support/pdf-text.ts';
import { startSmtpInbox, type SmtpInbox } from '../../support/smtp-inbox.ts';

// Journey (docs/journeys.md, Purchase): the buyer orders nicotine from the demo's
// American supplier (Nicotine River Labs, Durham NC, in USD). The order shows the supplier's
// address and carries no Canadian sales tax; submitted under the approval threshold it is
// approved at once, and Send emails its PDF to the supplier's address through the server's SMTP
// (a real SMTP server in this process): the message arrives with the PDF attached, the PDF has
// the address and no tax, and the order's timeline says to whom it went.

const SUPPLIER_EMAIL = 'sales@nicotineriver.example';
const FROM = 'Plantline Purchasing <purchasing@plantline.example>';
/** A sales tax charged: 'HST 13.00 %' and the like. */
const TAX_LINE = /\b(HST|GST|PST|QST)\b[^\n]*%/;
let inbox: SmtpInbox;
const j = journey('journey-purchase-abroad', 240_000, async () => {
  inbox = await startSmtpInbox();
  return { env: { SMTP_URL: inbox.url, SMTP_FROM: FROM } };
});
let buyer: Page;

let api: EntityApiClient;

beforeAll(async () => {
  buyer = await j.loggedIn('purchase', DESK);
  api = entityClient(j.suite.server.url, await tokenFor(j.suite.server.url, 'admin'));
});
afterAll(async () => inbox?.close());

describe('purchase sends a PO to a US supplier by email', () => {
  it('orders from Nicotine River Labs without Canadian tax and emails it the PDF', async () => {
    await buyer.goto(`${j.suite.server.url}/purchase/new`);
    await pick(buyer, 'Supplier', 'Nicotine River Labs', 'Nicotine');
    await pick(buyer, 'Ship to', 'Main warehouse', 'Main');
    await buyer.getByRole('button', { name: 'Add line' }).click();
    await pick(buyer, 'Product (line 1)', 'RM-NIC-FB-100', 'RM-NIC-FB');
    await buyer.getByRole('textbox', { name: 'Qty (line 1)', exact: true }).fill('20000');
    await buyer.getByRole('textbox', { name: 'Unit price (line 1)', exact: true }).fill('0.059');
    await save(buyer, /^\/purchase\/\d+$/);

    // Where it goes and what it costs: Durham, North Carolina, and no Canadian tax.
    await expect
      .poll(() => buyer.getByLabel('Supplier address', { exact: true }).innerText())
      .toBe('1200 Research Triangle Drive, Durham, NC 27709, United States');
    const totals = buyer.getByLabel('Order totals');
    await totals.getByText(/No sales tax/).waitFor();
    expect(await totals.innerText()).not.toMatch(TAX_LINE);
    const id = Number(/\/purchase\/(\d+)$/.exec(new URL(buyer.url()).pathname)?.[1]);
    const number = String((await api.get<Row>(`${PURCHASE_ORDERS.api}/${id}`)).data.number);
    expect(number).toMatch(/^PO-\d+$/);

    const bar = buyer.getByRole('group', { name: 'Document actions' });
    await bar.getByRole('button', { name: 'Submit', exact: true }).click();
    await bar.getByText(/^approved$/i).waitFor();
    await bar.getByRole('button', { name: 'Send to supplier' }).click();
    const sending = buyer.getByRole('dialog', { name: `Send ${number} to Nicotine River Labs` });
    await sending.getByText(`Email ${number}.pdf to`).waitFor();
    await saveScreenshot(buyer, 'journey-purchase-abroad-send');
    await sending.getByRole('button', { name: `Email the PDF to ${SUPPLIER_EMAIL}` }).click();
    await bar.getByText(/^sent$/i).waitFor();
    // The timeline's line, which says from whom; the toast ("…: emailed to …") may still show.
    await buyer.getByText(`Emailed to ${SUPPLIER_EMAIL} from`, { exact: false }).waitFor();
    await saveScreenshot(buyer, 'journey-purchase-abroad-sent');

    // The supplier's mailbox: one message with the order's PDF.
    const [delivered] = inbox.to(SUPPLIER_EMAIL);
    expect(delivered?.mail.subject).toContain(number);
    const attachment = delivered?.mail.attachments[0];
    expect(attachment?.filename).toBe(`${number}.pdf`);
    const pdf = readPdf(new Uint8Array(attachment!.content));
    expect(pdf.strings).toEqual(
      expect.arrayContaining([
        'Nicotine River Labs (SUP-NICO)',
        '1200 Research Triangle Drive',
        'Durham, NC  27709',
        'United States',
        'Total USD',
      ]),
    );
    // The letterhead carries the plant's own GST/HST number; no line charges a tax.
    expect(pdf.text).not.toMatch(TAX_LINE);
  });
});
