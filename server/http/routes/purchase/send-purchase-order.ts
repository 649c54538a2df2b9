import type { MailTransport } from '../../../mail/mail-transport.ts';
import { renderPdf } from '../../../pdf-render/render-pdf.ts';
import { ApiError, ruleError } from '../../../errors/api-error.ts';
import { purchaseOrderDoc } from '../../../../src/domain/entities/purchase/purchase-orders.entity.ts';
import type { ResolvedDocument } from '../../entity/document-spec.ts';
import { purchaseOrderFileName } from './purchase-pdf.routes.ts';
import { readOrderPrint } from './purchase-print.routes.ts';
import type { EventContext, EventOutcome } from '../../../db/document-event.ts';

// What Send does to an approved purchase order: it emails the order's PDF to the supplier's
// address and the timeline says to whom. Without SMTP configured, or without an address, it
// refuses in words the screen shows, and the buyer may instead download the PDF, send it
// themselves and confirm so (`sent_by_hand: true`): only that confirmation marks it sent
// without an email, and the timeline says it went by hand.
//
// The email goes out inside the event's transaction, under the order's lock: an order is
// marked sent only once the SMTP server took the message, and two people pressing Send at once
// email it once (the second is refused by the version it read). The transport's waits are
// bounded (mail-transport.ts).

const message = (number: string, supplier: string, company: string) =>
  [
    `Hello ${supplier},`,
    '',
    `Please find attached our purchase order ${number}.`,
    'Please confirm the expected delivery date, and quote the order number on your packing slip and invoice.',
    '',
    company,
  ].join('\n');

export function sendPurchaseOrder(
  mail: MailTransport,
  orders: () => ResolvedDocument,
): (ctx: EventContext) => Promise<EventOutcome> {
  return async ({ tx, doc: row, body }) => {
    const doc = purchaseOrderDoc(row);
    const sentByHand = body.sent_by_hand;
    if (sentByHand !== undefined && typeof sentByHand !== 'boolean') {
      throw ruleError('sent_by_hand', 'boolean');
    }
    const email = doc.supplier_email ?? '';
    if (sentByHand) {
      return { reason: `Sent by the buyer outside Plantline${email ? ` to ${email}` : ''}` };
    }
    if (!email) {
      throw ruleError(
        'supplier_email',
        `${doc.supplier_name ?? ''} has no email address: add one to the supplier, or send the PDF yourself and confirm it was sent`,
      );
    }
    if (!mail.configured) {
      throw ruleError(
        'mail',
        'Email is not set up on this server (SMTP_URL): download the PDF, send it yourself and confirm it was sent',
      );
    }
    // The reading the PDF route lays out, under this transaction's lock.
    const print = await readOrderPrint(tx, orders(), doc.id);
    const pdf = await renderPdf('purchase-order', print);
    const number = doc.number ?? '';
    const filename = purchaseOrderFileName(number);
    try {
      await mail.send({
        to: email,
        subject: `Purchase order ${number} from ${print.company.name}`,
        text: message(number, print.supplier.name, print.company.name),
        attachments: [{ filename, content: Buffer.from(pdf), contentType: 'application/pdf' }],
      });
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new ApiError('validation_error', { mail: `The email could not be sent: ${why}` }, 502);
    }
    return { reason: `Emailed to ${email} from ${mail.from} with ${filename} attached` };
  };
}
