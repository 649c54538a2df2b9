import type { PackingSlip } from '../../shared/entities/packing-slip.ts';
import { DATE_FORMATS } from '../../../../src/domain/constants.ts';
import { formatDateAs } from '../../../../src/domain/formats/date.format.ts';
import { LEFT, WIDTH, party } from '../../../../server/purchase-pdf/pdf-blocks.ts';
import type { Sheet } from '../../../../server/purchase-pdf/pdf-sheet.ts';

// What both shipping documents of an order say alike: who ships (the company, from the
// order's warehouse) and who receives (the customer at its ship-to address), side by side.

export type ShippedOrderPdfInput = PackingSlip<Readonly<Record<string, unknown>>>;

export const str = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';
export const day = (value: unknown) =>
  str(value) ? formatDateAs(str(value), DATE_FORMATS.displayDate) : '—';

/** The days its packing lists left, in order, once each ('—' when none was dated). */
export function shipDates(slip: ShippedOrderPdfInput): string {
  const days = [...new Set(slip.packing_lists.map((p) => p.ship_date).filter(Boolean))];
  return days.length > 0 ? days.map(day).join(', ') : '—';
}

const lines = (text: string | null) => (text ? text.split(/\r?\n/) : []);

/** Shipper (left) and consignee (right) blocks from `y`; answers the y under the taller. */
export function shippingParties(
  sheet: Sheet,
  slip: ShippedOrderPdfInput,
  y: number,
  labels: { from: string; to: string },
): number {
  const half = WIDTH / 2 - 10;
  const { company, customer, ship_from } = slip;
  const left = party(sheet, LEFT, y, half, labels.from, company.name, [
    ship_from.name,
    ...lines(ship_from.address),
    ...(company.phone ? [`Tel. ${company.phone}`] : []),
  ]);
  const right = party(
    sheet,
    LEFT + WIDTH / 2 + 10,
    y,
    half,
    labels.to,
    `${customer.name} (${customer.code})`,
    [...lines(customer.ship_to), ...(customer.ship_to_province ? [customer.ship_to_province] : [])],
  );
  return Math.max(left, right) + 14;
}
