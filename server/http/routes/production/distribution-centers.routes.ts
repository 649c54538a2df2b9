import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  DUPLICATED_WAREHOUSE_LOCATIONS,
  WAREHOUSE_LOCATION_LOGS,
  WAREHOUSE_PRODUCT_LOCATIONS,
} from '../../../../src/domain/entities/production/warehouse-locations.entity.ts';
import type { AppDeps } from '../../../app-deps.ts';
import type { Tx } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { locations } from '../../../db/schema/general.ts';
import {
  warehouseProductLocationLogs as logs,
  warehouseProductLocations as wpl,
} from '../../../db/schema/distribution-centers.ts';
import { ruleError } from '../../../errors/api-error.ts';
import { qualified, refLabel } from '../../entity/entity-binding.ts';
import { registerEntityRoutes } from '../../entity/entity-routes.ts';
import { logComputed, logTable } from '../../entity/log-table.ts';
import { binLabel, productLabels } from '../../entity/shared-field-labels.ts';
import type { EntityRow } from '../../../../src/domain/entities/entity-row.ts';
import { rowOf, type RowOf } from '../../../../src/domain/entity/row-of.ts';

// Distribution centers (docs/domain/production.md §3.3): which bins of a DC hold a product. The
// server checks the DC, the bin and the one primary bin per product and DC (a partial unique index
// holds it too), and logs every assign, move, primary change and removal in the same transaction.

type Values = Record<string, unknown>;

const valueOf = (values: Values, before: EntityRow | null, name: string) =>
  values[name] !== undefined ? values[name] : before?.[name];

async function one<T>(tx: Tx, query: ReturnType<typeof sql>): Promise<T | undefined> {
  return (await queryRows<T>(tx, query))[0];
}

async function checkPlace(tx: Tx, values: Values, before: EntityRow | null): Promise<void> {
  const locationId = Number(valueOf(values, before, 'location_id'));
  const productId = Number(valueOf(values, before, 'product_id'));
  const binId = Number(valueOf(values, before, 'bin_id'));
  const location = await one<{ type: string; code: string }>(
    tx,
    sql`select type, code from locations where id = ${locationId}`,
  );
  if (!location) throw ruleError('location_id', 'exists');
  if (location.type !== 'distribution_center') {
    throw ruleError('location_id', `${location.code} is not a distribution center`);
  }
  const bin = await one<{ location_id: number | string; code: string }>(
    tx,
    sql`select location_id, code from bins where id = ${binId}`,
  );
  if (!bin) throw ruleError('bin_id', 'exists');
  if (Number(bin.location_id) !== locationId) {
    throw ruleError('bin_id', `Bin ${bin.code} is not in ${location.code}`);
  }
  const min = Number(valueOf(values, before, 'min_units') ?? 0);
  const max = Number(valueOf(values, before, 'max_units') ?? 0);
  if (max < min) throw ruleError('max_units', 'Max units must be at least the min units');
  if (valueOf(values, before, 'is_primary') === true) {
    const other = await one<{ sku: string; code: string }>(
      tx,
      sql`select p.sku, b.code from warehouse_product_locations w
            join products p on p.id = w.product_id join bins b on b.id = w.bin_id
           where w.location_id = ${locationId} and w.product_id = ${productId} and w.is_primary
             and w.id <> ${before?.id ?? 0}`,
    );
    if (other) {
      throw ruleError(
        'is_primary',
        `${other.sku} already has a primary bin in ${location.code} (${other.code}); clear it first`,
      );
    }
  }
}

async function log(
  tx: Tx,
  actorId: number,
  row: RowOf<typeof WAREHOUSE_PRODUCT_LOCATIONS>,
  action: 'assigned' | 'moved' | 'removed' | 'primary_changed',
  oldBin: unknown,
  newBin: unknown,
  note: string | null = null,
) {
  await tx.insert(logs).values({
    warehouseProductLocationId: row.id,
    locationId: row.location_id,
    productId: row.product_id,
    action,
    oldBinId: oldBin == null ? null : Number(oldBin),
    newBinId: newBin == null ? null : Number(newBin),
    note,
    createdBy: actorId,
  });
}

export function registerDistributionCenterRoutes(app: FastifyInstance, deps: AppDeps): void {
  const labels = {
    location_name: refLabel(wpl.locationId, locations),
    ...productLabels(wpl.productId),
    bin_code: binLabel(wpl.binId),
  };
  registerEntityRoutes(app, deps, {
    entity: WAREHOUSE_PRODUCT_LOCATIONS,
    table: wpl,
    computed: labels,
    hooks: {
      beforeWrite: async ({ tx, values, before }) => checkPlace(tx, values, before),
      afterWrite: async ({ tx, actor, before: read, after: written }) => {
        const after = rowOf(WAREHOUSE_PRODUCT_LOCATIONS, written);
        if (!read) {
          await log(tx, actor.id, after, 'assigned', null, after.bin_id);
          return;
        }
        const before = rowOf(WAREHOUSE_PRODUCT_LOCATIONS, read);
        if (before.location_id !== after.location_id) {
          await log(tx, actor.id, before, 'removed', before.bin_id, null, 'Moved to another DC');
          await log(tx, actor.id, after, 'assigned', null, after.bin_id);
        } else if (before.bin_id !== after.bin_id) {
          await log(tx, actor.id, after, 'moved', before.bin_id, after.bin_id);
        }
        if (Boolean(before.is_primary) !== Boolean(after.is_primary)) {
          await log(
            tx,
            actor.id,
            after,
            'primary_changed',
            before.is_primary ? before.bin_id : null,
            after.is_primary ? after.bin_id : null,
            after.is_primary ? 'Made primary' : 'No longer primary',
          );
        }
      },
      beforeDelete: async ({ tx, actor, before }) =>
        log(
          tx,
          actor.id,
          rowOf(WAREHOUSE_PRODUCT_LOCATIONS, before),
          'removed',
          before.bin_id,
          null,
        ),
    },
  });

  registerEntityRoutes(app, deps, {
    entity: WAREHOUSE_LOCATION_LOGS,
    table: logTable(logs),
    computed: {
      ...logComputed(logs),
      location_name: refLabel(logs.locationId, locations),
      ...productLabels(logs.productId),
      old_bin_code: binLabel(logs.oldBinId),
      new_bin_code: binLabel(logs.newBinId),
    },
  });

  const w = qualified(wpl.id);
  const productsInBin =
    sql<number>`(select count(distinct d.product_id) from warehouse_product_locations d
      where d.location_id = ${qualified(wpl.locationId)} and d.bin_id = ${qualified(wpl.binId)})`.mapWith(
      Number,
    );
  const primaryCount = sql<number>`(select count(*) from warehouse_product_locations d
      where d.location_id = ${qualified(wpl.locationId)} and d.product_id = ${qualified(wpl.productId)}
        and d.is_primary)`.mapWith(Number);
  registerEntityRoutes(app, deps, {
    entity: DUPLICATED_WAREHOUSE_LOCATIONS,
    table: wpl,
    where: sql`(${productsInBin} > 1 or ${primaryCount} > 1) and ${w} is not null`,
    computed: {
      ...labels,
      duplicate_kind: sql<string>`case when ${productsInBin} > 1 then 'shared_bin' else 'several_primaries' end`,
      products_in_bin: productsInBin,
      primary_count: primaryCount,
    },
  });
}
