import { RECEIVING_CONTAINERS } from '../../../../src/domain/entities/lab/receiving-containers.entity.ts';
import { parameters } from '../../../db/schema/general.ts';
import {
  labReceivingItems,
  labReceivings,
  receivingContainers,
} from '../../../db/schema/lab-receiving.ts';
import { ruleError } from '../../api-error.ts';
import { qualified, refLabel, type EntityBinding } from '../../entity/entity-binding.ts';
import { binLabel, locationLabel } from '../stock/stock-labels.ts';
import { checkBinsAt } from '../stock/stock-checks.ts';
import { sql } from 'drizzle-orm';

// Containers on the entity pattern. They are made only by receiving their item (so Σ net =
// item qty holds from the start) and never deleted; the supervisor keeps each one's place,
// type and tare. Net quantity and status are the receiving's to change.

const itemColumn = (column: string) =>
  sql`(select i.${sql.identifier(column)} from lab_receiving_items i where i.id = ${qualified(receivingContainers.labReceivingItemId)})`;

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
    container_type_name: refLabel(receivingContainers.containerTypeId, parameters),
    location_name: locationLabel(receivingContainers.locationId),
    bin_code: binLabel(receivingContainers.binId),
  },
  hooks: {
    beforeWrite: async ({ tx, values, before }) => {
      if (!before) {
        throw ruleError('code', 'Containers are made when their lab receiving item is received');
      }
      const locationId = Number(values.location_id ?? before.location_id);
      const binId = values.bin_id === undefined ? before.bin_id : values.bin_id;
      await checkBinsAt(tx, locationId, [binId]).catch(() => {
        throw ruleError('bin_id', 'This bin is not in the container’s location');
      });
    },
  },
};
