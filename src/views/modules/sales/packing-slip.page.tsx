import { Alert, Box, Button, Group, Loader } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import type { OrderPackingSlip } from '../../../api/sales.api.ts';
import { DATE_FORMATS } from '../../../domain/constants.ts';
import { formatDateAs } from '../../../domain/formats/date.format.ts';
import { formatMeasured } from '../../../domain/formats/quantity.format.ts';
import { recordIdOf } from '../../common/entity-form/entity-form-page.tsx';
import classes from '../purchase/purchase-print.module.css';
import { usePackingSlip } from './use-packing-slip.ts';

// A shipped sales order's packing slip, as it travels with the goods: the company, the
// customer and where it goes, and what was shipped lot by lot (a recall reads it back).
// Printed from the browser; the PDF and the bill of lading come with the PDF library.
// Its sheet is the printed purchase order's, so the two documents look alike on paper.

const str = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

const day = (value: unknown) =>
  str(value) ? formatDateAs(str(value), DATE_FORMATS.displayDate) : '—';

function Sheet({ slip }: { slip: OrderPackingSlip }) {
  const { order, customer, shipped, company } = slip;
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
              <td>{line.lot_no ?? '—'}</td>
              <td>{day(line.expiry_date)}</td>
              <td className={classes.num}>
                {formatMeasured(line.qty_shipped, line.measure_code ?? '')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {order.note ? <p className={classes.note}>{str(order.note)}</p> : null}
    </article>
  );
}

export function PackingSlipPage() {
  const params = useParams();
  const id = recordIdOf(params.id) ?? null;
  const state = usePackingSlip(id);
  return (
    <Box p="md">
      <Group mb="md">
        <Button
          component={Link}
          to={id ? `/sale/${id}` : '/sales'}
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
        >
          Back to the order
        </Button>
        <Button
          leftSection={<IconPrinter size={16} />}
          onClick={() => window.print()}
          disabled={state.kind !== 'ready'}
        >
          Print
        </Button>
      </Group>
      {state.kind === 'loading' && <Loader aria-label="Loading the packing slip" />}
      {state.kind === 'failed' && <Alert color="red">{state.message}</Alert>}
      {state.kind === 'ready' && <Sheet slip={state.slip} />}
    </Box>
  );
}
