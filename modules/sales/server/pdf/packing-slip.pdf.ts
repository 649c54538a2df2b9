import { formatMeasured } from '../../../../src/domain/formats/quantity.format.ts';
import {
  letterhead,
  section,
  table,
  writePageNumbers,
  type Column,
} from '../../../../server/purchase-pdf/pdf-blocks.ts';
import { finish, newSheet } from '../../../../server/purchase-pdf/pdf-sheet.ts';
import {
  day,
  shipDates,
  shippingParties,
  str,
  type ShippedOrderPdfInput,
} from './shipping-parties.ts';

// The packing slip as a PDF: the same reading as the printed page — the company,
// the customer and where it goes, what was shipped lot by lot on which packing list — laid
// out on the server with the purchase order's letterhead and "Page n of N", then what was
// ordered, shipped and is still on backorder per order line.

// A lot number and a SKU are what a recall reads back from this paper: they wrap, never cut.
const COLUMNS: readonly Column[] = [
  { key: 'packing_list', title: 'Packing list', width: 62, align: 'left' },
  { key: 'sku', title: 'SKU', width: 80, align: 'left', wrap: true },
  { key: 'product', title: 'Product', width: 140, align: 'left' },
  { key: 'lot', title: 'Lot', width: 96, align: 'left', wrap: true },
  { key: 'expiry', title: 'Expiry', width: 56, align: 'left' },
  { key: 'qty', title: 'Qty shipped', width: 60, align: 'right' },
];

const ORDERED_COLUMNS: readonly Column[] = [
  { key: 'sku', title: 'SKU', width: 90, align: 'left', wrap: true },
  { key: 'product', title: 'Product', width: 190, align: 'left' },
  { key: 'ordered', title: 'Ordered', width: 70, align: 'right' },
  { key: 'shipped', title: 'Shipped', width: 70, align: 'right' },
  { key: 'backordered', title: 'Backordered', width: 70, align: 'right' },
];

/** Each order line: ordered, shipped so far, backordered (what a later shipment brings). */
export const orderedRows = (slip: ShippedOrderPdfInput) =>
  slip.ordered.map((line) => {
    const unit = line.measure_code ?? '';
    return {
      sku: line.product_sku,
      product: line.product_name,
      ordered: formatMeasured(line.qty_ordered, unit),
      shipped: formatMeasured(line.qty_shipped, unit),
      backordered: formatMeasured(line.qty_backordered, unit),
    };
  });

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
  y = section(sheet, 'ORDERED, SHIPPED AND BACKORDERED', [], y + 6);
  y = table(sheet, ORDERED_COLUMNS, orderedRows(slip), y - 8);
  if (str(order.note)) section(sheet, 'NOTE', [str(order.note)], y + 6);
  writePageNumbers(sheet, `${company.name} · Packing slip ${number}`);
  return finish(sheet);
}
