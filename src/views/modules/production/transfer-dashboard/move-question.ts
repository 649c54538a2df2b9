import { statusLabel } from '../../../../domain/status-tags.ts';
import { confirmMove } from '../../../common/entity/document-actions.tsx';
import type {
  ProductionTransferRow,
  ShipmentRow,
} from '../../../../domain/entities/production/production-transfers.entity.ts';

// What a person confirms before goods leave for good: a transfer's skids shipped (or moved in
// one step), a packing list shipped. The facts come from the dashboard's own row: which skids,
// from where to where, how many units.

const text = (value: string | null, fallback: string) => value || fallback;

export type Shipment = {
  number: string;
  /** The skids by code, or how many when the row does not name them. */
  skids: string;
  from: string;
  to: string;
  units: number;
  /** The orders whose units go (a production transfer). */
  orders?: string | null;
};

/** A production transfer of the transfer dashboard, as a shipment. */
export const transferShipment = (row: ProductionTransferRow): Shipment => ({
  number: text(row.number, 'this transfer'),
  skids: text(row.skid_codes, 'none'),
  from: text(row.from_location_name, '—'),
  to: text(row.to_location_name, '—'),
  units: row.units_sent ?? 0,
  orders: text(row.order_numbers, '') || null,
});

/** A shipment of the shipping dashboard (a transfer or a packing list). */
export const dashboardShipment = (row: ShipmentRow): Shipment => {
  const skids = row.skid_count ?? 0;
  return {
    number: text(row.number, 'this shipment'),
    skids: skids === 0 ? 'none' : `${skids} skid${skids === 1 ? '' : 's'}`,
    from: text(row.from_name, '—'),
    to: text(row.to_name, '—'),
    units: row.units ?? 0,
  };
};

/** Asks, as every irreversible event does, before the shipment moves; true to go on. */
export async function askMove(shipment: Shipment, event: string): Promise<boolean> {
  const label = statusLabel(event);
  const answer = await confirmMove(
    `${label} ${shipment.number}?`,
    label,
    moveFacts(shipment, event),
    null,
  );
  return answer !== null;
}

/** What moves: the skids, from where to where, how many units. */
export function moveFacts(shipment: Shipment, event: string): string[] {
  const facts = [
    `Skids: ${shipment.skids}`,
    `From ${shipment.from} to ${shipment.to}`,
    `${shipment.units} units${shipment.orders ? ` of ${shipment.orders}` : ''}`,
  ];
  if (event === 'ship') facts.push('They stay in transit until the destination receives them.');
  return facts;
}
