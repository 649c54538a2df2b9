import { formatMeasured } from '../../src/domain/formats/quantity.format.ts';
import {
  letterhead,
  section,
  table,
  writePageNumbers,
  type Column,
} from '../purchase-pdf/pdf-blocks.ts';
import { finish, newSheet } from '../purchase-pdf/pdf-sheet.ts';
import {
  day,
  shipDates,
  shippingParties,
  str,
  type ShippedOrderPdfInput,
} from './shipping-parties.ts';

// The packing slip as a PDF (issue 17): the same reading as the printed page — the company,
// the customer and where it goes, what was shipped lot by lot on which packing list — laid
// out on the server with the purchase order's letterhead and "Page n of N".

const COLUMNS: readonly Column[] = [
  { key: 'packing_list', title: 'Packing list', width: 70, align: 'left' },
  { key: 'sku', title: 'SKU', width: 80, align: 'left' },
  { key: 'product', title: 'Product', width: 150, align: 'left' },
  { key: 'lot', title: 'Lot', width: 70, align: 'left' },
  { key: 'expiry', title: 'Expiry', width: 60, align: 'left' },
  { key: 'qty', title: 'Qty shipped', width: 60, align: 'right' },
];

/** The packing slip as a PDF file's bytes. */
export async function packingSlipPdf(slip: ShippedOrderPdfInput): Promise<Buffer> {
  const { order, company } = slip;
  const number = str(order.number);
  const sheet = newSheet(`Packing slip ${number}`, company.name);
  let y = letterhead(sheet, company, 'PACKING SLIP', number, [
    `Ordered: ${day(order.order_date)}`,
    `Ship by: ${day(order.requested_ship_date)}`,
    `Shipped: ${shipDates(slip)}`,
  ]);
  y = shippingParties(sheet, slip, y, { from: 'SHIP FROM', to: 'SHIP TO' });
  y = table(
    sheet,
    COLUMNS,
    slip.shipped.map((line) => ({
      packing_list: line.packing_list,
      sku: line.product_sku,
      product: line.product_name,
      lot: line.lot_no ?? '—',
      expiry: day(line.expiry_date),
      qty: formatMeasured(line.qty_shipped, line.measure_code ?? ''),
    })),
    y,
  );
  if (str(order.note)) section(sheet, 'NOTE', [str(order.note)], y + 6);
  writePageNumbers(sheet, `${company.name} · Packing slip ${number}`);
  return finish(sheet);
}
