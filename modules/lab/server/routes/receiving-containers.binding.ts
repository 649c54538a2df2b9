import { RECEIVING_CONTAINERS } from '../../shared/entities/receiving-containers.entity.ts';
import { parameters } from '../../../../server/db/schema/general.ts';
import {
  labReceivingItems,
  labReceivings,
  receivingContainers,
} from '../db/lab-receiving.schema.ts';
import { ruleError } from '../../../../server/errors/api-error.ts';
import {
  qualified,
  refLabel,
  type EntityBinding,
} from '../../../../server/http/entity/entity-binding.ts';
import { binLabel, locationLabel } from '../../../../server/http/entity/shared-field-labels.ts';
import { checkBinsAt } from '../../../../server/http/routes/stock/stock-checks.ts';
import { sql } from 'drizzle-orm';

// Containers on the entity pattern. They are made only by receiving their item (so Σ net =
// item qty holds from the start) and never deleted; the supervisor keeps each one's place,
// type and tare until it is disposed of. Net quantity is the receiving's to write; status
// moves with the receiving, the first pick of its lot and the container's own events
// (receiving-container-events.routes.ts).

const itemColumn = (column: string) =>
  sql`(select i.${sql.identifier(column)} from lab_receiving_items i where i.id = ${qualified(receivingContainers.labReceivingItemId)})`;

/**
 * Why an in-use container cannot be marked empty: it is the last open one (released or in use)
 * of a lot the books still hold stock of. Null otherwise; the machine's guard reads it.
 */
const emptyBlocker = sql<string | null>`(select 'Lot ' || l.lot_no || ' still has '
      || b.on_hand::float8 || coalesce(' ' || m.code, '')
      || ' on hand and this is its last open container: count or adjust the lot first'
    from lab_receiving_items i
    join stock_lots l on l.id = i.lot_id
    join products p on p.id = i.product_id
    left join measures m on m.id = p.measure_id
    cross join lateral (select coalesce(sum(sb.qty_on_hand), 0) as on_hand
                          from stock_balances sb where sb.lot_id = i.lot_id) b
   where i.id = ${qualified(receivingContainers.labReceivingItemId)}
     and ${qualified(receivingContainers.status)} = 'in_use'
     and b.on_hand > 0
     and not exists (select 1 from receiving_containers o
                       join lab_receiving_items oi on oi.id = o.lab_receiving_item_id
                      where oi.lot_id = i.lot_id and o.id <> ${qualified(receivingContainers.id)}
                        and o.status in ('released', 'in_use')))`;

export const containersBinding: EntityBinding = {
  entity: RECEIVING_CONTAINERS,
  table: receivingContainers,
  computed: {
    lab_receiving_number: sql<string | null>`(select r.number from ${labReceivings} r
      join ${labReceivingItems} i on i.lab_receiving_id = r.id
      where i.id = ${qualified(receivingContainers.labReceivingItemId)})`,
    product_id: sql<number>`${itemColumn('product_id')}`.mapWith(Number),
    product_sku: sql<
      string | null
    >`(select p.sku from products p where p.id = ${itemColumn('product_id')})`,
    product_name: sql<
      string | null
    >`(select p.name from products p where p.id = ${itemColumn('product_id')})`,
    measure_code: sql<
      string | null
    >`(select m.code from products p join measures m on m.id = p.measure_id
      where p.id = ${itemColumn('product_id')})`,
    supplier_lot_no: itemColumn('supplier_lot_no'),
    // What its printed label says beside the code (the lot the stock is booked in, the
    // item's flashpoint class).
    lot_no: sql<
      string | null
    >`(select l.lot_no from stock_lots l where l.id = ${itemColumn('lot_id')})`,
    flashpoint_class: sql<string | null>`(select f.code || ' ' || f.name from flashpoint_classes f
      where f.id = ${itemColumn('flashpoint_class_id')})`,
    container_type_name: refLabel(receivingContainers.containerTypeId, parameters),
    location_name: locationLabel(receivingContainers.locationId),
    bin_code: binLabel(receivingContainers.binId),
    empty_blocker: emptyBlocker,
  },
  hooks: {
    beforeWrite: async ({ tx, values, before }) => {
      if (!before) {
        throw ruleError('code', 'Containers are made when their lab receiving item is received');
      }
      if (before.status === 'disposed') {
        throw ruleError('status', 'A disposed container is kept as it was');
      }
      const locationId = Number(values.location_id ?? before.location_id);
      const binId = values.bin_id === undefined ? before.bin_id : values.bin_id;
      await checkBinsAt(tx, locationId, [binId]).catch(() => {
        throw ruleError('bin_id', 'This bin is not in the container’s location');
      });
    },
  },
};
