import { hasNicotine, type PackingSlipLine } from '../../shared/entities/packing-slip.ts';
import { formatAmount } from '../../../../src/domain/formats/number.format.ts';
import { formatMeasured } from '../../../../src/domain/formats/quantity.format.ts';
import {
  GREY,
  INK,
  LEFT,
  WIDTH,
  letterhead,
  section,
  table,
  writePageNumbers,
  type Column,
} from '../../../../server/purchase-pdf/pdf-blocks.ts';
import {
  PAGE,
  contentBottom,
  finish,
  newSheet,
  type Sheet,
} from '../../../../server/purchase-pdf/pdf-sheet.ts';
import { setFont, write } from '../../../../server/purchase-pdf/pdf-text.ts';
import { shipDates, shippingParties, str, type ShippedOrderPdfInput } from './shipping-parties.ts';

// The bill of lading of a shipped order, for the carrier: shipper and consignee,
// the carrier and tracking numbers of its packing lists, the pieces per product, what the
// dock fills in by hand (skids, weight: Plantline records neither), the dangerous-goods
// declaration for nicotine products, and the three signatures.
// **decision**: the pieces are the shipped quantities summed per product (lots do not matter
// to a carrier), beside what the order asked for and what stays on backorder; a product with nicotine (mg/ml > 0) is marked HM and the declaration names
// it as TDG class 6.1 and WHMIS acute toxicity, in plain text; the shipper confirms it.

const COLUMNS: readonly Column[] = [
  { key: 'hm', title: 'HM', width: 22, align: 'left' },
  { key: 'ordered', title: 'Ordered', width: 62, align: 'right' },
  { key: 'pieces', title: 'Shipped', width: 62, align: 'right' },
  { key: 'backordered', title: 'Backordered', width: 62, align: 'right' },
  { key: 'sku', title: 'SKU', width: 76, align: 'left', wrap: true },
  { key: 'description', title: 'Description', width: 136, align: 'left' },
  { key: 'nicotine', title: 'Nicotine', width: 56, align: 'right' },
];

/** What the order asked for and still owes of a product, summed over its lines. */
function orderedOf(slip: ShippedOrderPdfInput, sku: string) {
  const lines = slip.ordered.filter((l) => l.product_sku === sku);
  return {
    ordered: lines.reduce((a, l) => a + l.qty_ordered, 0),
    backordered: lines.reduce((a, l) => a + l.qty_backordered, 0),
  };
}

type Piece = { line: PackingSlipLine; qty: number };

/** The shipped quantities summed per product, in the slip's order. */
function piecesOf(shipped: readonly PackingSlipLine[]): Piece[] {
  const bySku = new Map<string, Piece>();
  for (const line of shipped) {
    const piece = bySku.get(line.product_sku);
    if (piece) piece.qty += line.qty_shipped;
    else bySku.set(line.product_sku, { line, qty: line.qty_shipped });
  }
  return [...bySku.values()];
}

/** "24 ea + 3 kg": the pieces per unit of measure. */
function totalPieces(pieces: readonly Piece[]): string {
  const byUnit = new Map<string, number>();
  for (const { line, qty } of pieces) {
    const unit = line.measure_code ?? '';
    byUnit.set(unit, (byUnit.get(unit) ?? 0) + qty);
  }
  return [...byUnit.entries()].map(([unit, qty]) => formatMeasured(qty, unit)).join(' + ');
}

function carriers(slip: ShippedOrderPdfInput): string[] {
  return slip.packing_lists.map((p) => {
    const carrier = p.carrier ?? 'Carrier: ____________________';
    const tracking = p.tracking_no ? `, tracking ${p.tracking_no}` : '';
    return `${p.number}: ${carrier}${tracking}`;
  });
}

export const DANGEROUS_GOODS_NOTE = [
  'The lines marked HM contain nicotine: toxic if swallowed, in contact with skin or if inhaled ' +
    '(WHMIS 2015: acute toxicity; the safety data sheet is available from the shipper).',
  'TDG: nicotine preparations are Class 6.1 toxic substances (UN3144 NICOTINE COMPOUND, LIQUID, ' +
    'N.O.S., or UN1654 NICOTINE). In consumer-size containers they may travel as a Limited ' +
    'Quantity (TDG Regulations, section 1.17) with the limited-quantity mark on each package.',
  'The shipper certifies that these goods are classified, packed, marked and labelled as the ' +
    'TDG Regulations require.',
] as const;

export const NO_DANGEROUS_GOODS =
  'No dangerous goods: none of the products shipped contains nicotine.';

function signatures(sheet: Sheet, top: number) {
  const blocks = ['Shipper', 'Carrier (received in apparent good order)', 'Consignee (received)'];
  const height = 70;
  let y = top;
  if (y + height > contentBottom()) {
    sheet.addPage();
    y = PAGE.margin;
  }
  write(setFont(sheet, 'bold', 8).fillColor(GREY), 'SIGNATURES', LEFT, y, {
    width: WIDTH,
  });
  const width = (WIDTH - 2 * 16) / 3;
  blocks.forEach((label, i) => {
    const x = LEFT + i * (width + 16);
    const line = y + 42;
    sheet
      .moveTo(x, line)
      .lineTo(x + width, line)
      .lineWidth(0.6)
      .strokeColor(INK)
      .stroke();
    setFont(sheet, 'regular', 8).fillColor(INK);
    write(sheet, label, x, line + 3, { width });
    write(sheet, 'Name, signature, date', x, sheet.y + 1, { width });
  });
}

/** The bill of lading as a PDF file's bytes. */
export async function billOfLadingPdf(slip: ShippedOrderPdfInput): Promise<Buffer> {
  const { order, company } = slip;
  const number = str(order.number);
  const pieces = piecesOf(slip.shipped);
  const dangerous = pieces.some(({ line }) => hasNicotine(line));
  const sheet = newSheet(`Bill of lading ${number}`, company.name);
  let y = letterhead(sheet, company, 'BILL OF LADING', number, [
    `Ship date: ${shipDates(slip)}`,
    `Packing lists: ${slip.packing_lists.map((p) => p.number).join(', ') || '—'}`,
  ]);
  y = shippingParties(sheet, slip, y, { from: 'SHIPPER', to: 'CONSIGNEE' });
  y = section(sheet, 'CARRIER', carriers(slip), y);
  y = table(
    sheet,
    COLUMNS,
    pieces.map(({ line, qty }) => ({
      hm: hasNicotine(line) ? 'X' : '',
      ordered: formatMeasured(orderedOf(slip, line.product_sku).ordered, line.measure_code ?? ''),
      pieces: formatMeasured(qty, line.measure_code ?? ''),
      backordered: formatMeasured(
        orderedOf(slip, line.product_sku).backordered,
        line.measure_code ?? '',
      ),
      sku: line.product_sku,
      description: line.product_name,
      nicotine: hasNicotine(line) ? `${formatAmount(line.nicotine_mg ?? 0, 3)} mg/ml` : '—',
    })),
    y,
  );
  y = section(
    sheet,
    'TOTALS',
    [
      `Pieces: ${totalPieces(pieces)}`,
      'Skids: ________    Total weight: ____________ kg (filled in at the dock)',
    ],
    y + 4,
  );
  y = section(sheet, 'DANGEROUS GOODS', dangerous ? DANGEROUS_GOODS_NOTE : [NO_DANGEROUS_GOODS], y);
  signatures(sheet, y);
  writePageNumbers(sheet, `${company.name} · Bill of lading ${number}`);
  return finish(sheet);
}
