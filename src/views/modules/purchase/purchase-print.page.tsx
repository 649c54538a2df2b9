import { useParams } from 'react-router-dom';
import { fetchPurchaseOrderPrint, type OrderPrint } from '../../../api/purchase.api.ts';
import type { OrderTax } from '../../../domain/entities/purchase/purchase-order-figures.ts';
import { supplierAddressLines } from '../../../domain/entities/purchase/purchase-order-print.ts';
import { formatMoneyIn } from '../../../domain/formats/currency.format.ts';
import { statusLabel } from '../../../domain/status-tags.ts';
import { recordIdOf } from '../../common/entity-form/entity-form-page.tsx';
import { PrintPage } from '../../common/print/print-page.tsx';
import { printDay as day } from '../../common/print/print-values.ts';
import { usePrintable } from '../../common/print/use-printable.ts';
import { PurchasePdfButton } from './purchase-pdf-button.tsx';
import classes from './purchase-print.module.css';

// A purchase order as the supplier receives it: the company's letterhead, the supplier, the
// lines, taxes and totals in the order's currency. The Print button prints only the sheet
// (print CSS); Download PDF saves the server's PDF of the same order.

const qty = (value: number | null) =>
  (value ?? 0).toLocaleString('en-CA', { maximumFractionDigits: 3 });

function Sheet({ print }: { print: OrderPrint }) {
  const { order, supplier, company } = print;
  const currency = order.currency_code || 'CAD';
  const money = (value: number | null) => formatMoneyIn(value ?? 0, currency);
  const taxes = (order.taxes as OrderTax[] | null) ?? [];
  return (
    <article className={classes.sheet} aria-label="Printable purchase order">
      <header className={classes.head}>
        <div>
          <div className={classes.company}>{company.name}</div>
          {company.address && <div>{company.address}</div>}
          {company.phone && <div>Tel. {company.phone}</div>}
          {company.business_number && (
            <div className={classes.muted}>BN {company.business_number}</div>
          )}
        </div>
        <div>
          <div className={classes.title}>Purchase order</div>
          <div className={classes.title}>{order.number}</div>
          <div>Date: {day(order.order_date)}</div>
          <div>Expected: {day(order.expected_date)}</div>
          <div className={classes.muted}>Status: {statusLabel(order.status ?? '')}</div>
        </div>
      </header>
      <section className={classes.parties}>
        <div>
          <div className={classes.label}>Supplier</div>
          <strong>{supplier.name}</strong> ({supplier.code})
          {supplierAddressLines(supplier).map((line) => (
            <div key={line}>{line}</div>
          ))}
          {supplier.email && <div>{supplier.email}</div>}
          {supplier.phone && <div>{supplier.phone}</div>}
          {supplier.tax_number && <div>Tax no. {supplier.tax_number}</div>}
          <div>Terms: net {supplier.payment_terms_days} days</div>
        </div>
        <div>
          <div className={classes.label}>Ship to</div>
          <strong>{print.ship_to.name || order.ship_to_location_name}</strong>
          {print.ship_to.address && <div>{print.ship_to.address}</div>}
          <div>Currency: {currency}</div>
        </div>
      </section>
      <table className={classes.lines}>
        <thead>
          <tr>
            <th>#</th>
            <th>SKU</th>
            <th>Description</th>
            <th className={classes.num}>Qty</th>
            <th>Unit</th>
            <th className={classes.num}>Unit price</th>
            <th className={classes.num}>Amount</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, i) => (
            <tr key={line.id}>
              <td>{i + 1}</td>
              <td>{line.product_sku}</td>
              <td>
                {line.product_name}
                {line.description ? <div className={classes.muted}>{line.description}</div> : null}
              </td>
              <td className={classes.num}>{qty(line.qty)}</td>
              <td>{line.measure_code}</td>
              <td className={classes.num}>
                {(line.unit_price ?? 0).toLocaleString('en-CA', {
                  minimumFractionDigits: 2,
                  maximumFractionDigits: 4,
                })}
              </td>
              <td className={classes.num}>{money(line.line_total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className={classes.totals} aria-label="Totals">
        <tbody>
          <tr>
            <td>Subtotal</td>
            <td className={classes.num}>{money(order.subtotal)}</td>
          </tr>
          {taxes.map((tax) => (
            <tr key={tax.tax_code}>
              <td>
                {tax.tax_code} {tax.rate}%
              </td>
              <td className={classes.num}>{money(tax.amount)}</td>
            </tr>
          ))}
          <tr className={classes.grand}>
            <td>Total {currency}</td>
            <td className={classes.num}>{money(order.total)}</td>
          </tr>
        </tbody>
      </table>
      {order.note ? <p className={classes.note}>{order.note}</p> : null}
    </article>
  );
}

export function PurchasePrintPage() {
  const id = recordIdOf(useParams().id) ?? null;
  const state = usePrintable(id, fetchPurchaseOrderPrint, 'There is no such purchase order.');
  return (
    <PrintPage
      backTo={id ? `/purchase/${id}` : '/purchases'}
      loadingLabel="Loading the order"
      state={state}
      actions={<PurchasePdfButton id={id} disabled={state.kind !== 'ready'} />}
      sheet={(print) => <Sheet print={print} />}
    />
  );
}
