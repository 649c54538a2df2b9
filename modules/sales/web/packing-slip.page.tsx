import { useParams } from 'react-router-dom';
import { fetchPackingSlip, type OrderPackingSlip } from './api/sales.api.ts';
import { formatMeasured } from '../../../src/domain/formats/quantity.format.ts';
import { recordIdOf } from '../../../src/views/common/entity-form/entity-form-page.tsx';
import { PrintPage } from '../../../src/views/common/print/print-page.tsx';
import { printDay as day, printText as str } from '../../../src/views/common/print/print-values.ts';
import { usePrintable } from '../../../src/views/common/print/use-printable.ts';
import classes from '../../../src/views/modules/purchase/purchase-print.module.css';
import { SalesPdfButton } from './sales-pdf-button.tsx';

// A shipped sales order's packing slip, as it travels with the goods: the company, the
// customer and where it goes, what was shipped lot by lot (a recall reads it back), and per
// order line what was ordered, shipped and stays on backorder for a later shipment.
// Printed from the browser, or downloaded as the server's PDF, with the bill of lading.
// Its sheet is the printed purchase order's, so the two documents look alike on paper.

function Sheet({ slip }: { slip: OrderPackingSlip }) {
  const { order, customer, shipped, ordered, company } = slip;
  const shipDays = [
    ...new Set(slip.packing_lists.map((p) => p.ship_date).filter((d) => d !== null)),
  ];
  return (
    <article className={classes.sheet} aria-label="Packing slip">
      <header className={classes.head}>
        <div>
          <div className={classes.company}>{company.name}</div>
          {company.address && <div>{company.address}</div>}
          {company.phone && <div>Tel. {company.phone}</div>}
        </div>
        <div>
          <div className={classes.title}>Packing slip</div>
          <div className={classes.title}>{str(order.number)}</div>
          <div>Ordered: {day(order.order_date)}</div>
          <div>Ship by: {day(order.requested_ship_date)}</div>
          {/* The plant's days the goods left, as the server dated them (never this PC's). */}
          <div>Shipped: {shipDays.length > 0 ? shipDays.map(day).join(', ') : '—'}</div>
        </div>
      </header>
      <section className={classes.parties}>
        <div>
          <div className={classes.label}>Ship to</div>
          <strong>{customer.name}</strong> ({customer.code})
          {customer.ship_to && <div>{customer.ship_to}</div>}
          {customer.ship_to_province && <div>{customer.ship_to_province}</div>}
        </div>
        <div>
          <div className={classes.label}>Ship from</div>
          <strong>{str(order.ship_from_location_name)}</strong>
        </div>
      </section>
      <table className={classes.lines} aria-label="Shipped">
        <thead>
          <tr>
            <th>Packing list</th>
            <th>SKU</th>
            <th>Product</th>
            <th>Lot</th>
            <th>Expiry</th>
            <th className={classes.num}>Qty shipped</th>
          </tr>
        </thead>
        <tbody>
          {shipped.map((line) => (
            <tr key={`${line.packing_list}-${line.product_sku}-${line.lot_no ?? ''}`}>
              <td>{line.packing_list}</td>
              <td>{line.product_sku}</td>
              <td>{line.product_name}</td>
              {/* A recall reads the lot back from this paper: it wraps, it is never cut. */}
              <td style={{ overflowWrap: 'anywhere' }}>{line.lot_no ?? '—'}</td>
              <td>{day(line.expiry_date)}</td>
              <td className={classes.num}>
                {formatMeasured(line.qty_shipped, line.measure_code ?? '')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <table
        className={classes.lines}
        style={{ marginTop: '6mm' }}
        aria-label="Ordered, shipped and backordered"
      >
        <thead>
          <tr>
            <th>SKU</th>
            <th>Product</th>
            <th className={classes.num}>Ordered</th>
            <th className={classes.num}>Shipped</th>
            <th className={classes.num}>Backordered</th>
          </tr>
        </thead>
        <tbody>
          {ordered.map((line, i) => {
            const unit = line.measure_code ?? '';
            return (
              <tr key={`${line.product_sku}-${i}`}>
                <td>{line.product_sku}</td>
                <td>{line.product_name}</td>
                <td className={classes.num}>{formatMeasured(line.qty_ordered, unit)}</td>
                <td className={classes.num}>{formatMeasured(line.qty_shipped, unit)}</td>
                <td className={classes.num}>{formatMeasured(line.qty_backordered, unit)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {order.note ? <p className={classes.note}>{str(order.note)}</p> : null}
    </article>
  );
}

export function PackingSlipPage() {
  const id = recordIdOf(useParams().id) ?? null;
  const state = usePrintable(id, fetchPackingSlip, 'There is no such sales order.');
  return (
    <PrintPage
      backTo={id ? `/sale/${id}` : '/sales'}
      loadingLabel="Loading the packing slip"
      state={state}
      actions={
        <>
          <SalesPdfButton id={id} document="packing-slip" disabled={state.kind !== 'ready'}>
            Download PDF
          </SalesPdfButton>
          <SalesPdfButton id={id} document="bill-of-lading" disabled={state.kind !== 'ready'}>
            Bill of lading (PDF)
          </SalesPdfButton>
        </>
      }
      sheet={(slip) => <Sheet slip={slip} />}
    />
  );
}
