import type { Letterhead } from '../../../../src/domain/entities/purchase/purchase-order-print.ts';
import type { SalesOrderFigures } from './sales-order-figures.ts';

// What the sales order's PDF shows (GET …/sales_orders/:id/sales-order.pdf): the order's own
// figures as its screen reads them (each line's tier price, discount, goods total and vaping
// duty per unit, federal and provincial, with the province whose additional duty it owes; the
// order's subtotal, discounts, duty, taxes and total), the customer billed and where the goods
// go, and the company's letterhead. Figured by the server when the order was last saved
// (sales-order-totals.ts), never again here.

export type SalesOrderPrintLine = {
  product_sku: string;
  product_name: string;
  measure_code: string | null;
  qty: number;
  /** The tier price, before discounts. */
  unit_price: number;
  discount_code: string | null;
  discount_amount: number;
  /** Goods: qty × tier price less the discount. */
  line_total: number;
  federal_duty: number;
  provincial_duty: number;
  /** The line's duty: qty × (federal + provincial) per unit. */
  duty_total: number;
  /** The stamp jurisdiction whose additional duty the line owes, null when it owes none. */
  province: { code: string; name: string } | null;
};

export type SalesOrderPrint = {
  order: Omit<SalesOrderFigures, 'line_totals'> & {
    number: string;
    order_date: string;
    requested_ship_date: string | null;
    status: string;
    note: string | null;
  };
  customer: { code: string; name: string };
  /** Address lines, the province and postal code last. */
  bill_to: string[];
  ship_to: string[];
  lines: SalesOrderPrintLine[];
  company: Letterhead;
};
