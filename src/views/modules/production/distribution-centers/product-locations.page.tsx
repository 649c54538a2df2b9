import { Alert, Anchor, Group } from '@mantine/core';
import { useContext, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  WAREHOUSE_LOCATION_LOGS,
  WAREHOUSE_PRODUCT_LOCATIONS,
} from '../../../../domain/entities/production/warehouse-locations.entity.ts';
import { EntityListPage } from '../../../common/entity/entity-list-page.tsx';
import { EntityFormDrawer } from '../../../common/entity-form/entity-form-drawer.tsx';
import { recordIdOf } from '../../../common/entity-form/entity-form-page.tsx';
import { EntityRequestContext } from '../../../common/entity-form/entity-request.context.ts';
import { equalsFilter, scopedApi } from '../scoped-api.ts';

// One product across the distribution centers (warehouse-product-locations/{product_id}):
// every DC bin that holds it, edited in a drawer, and a link to its log. Without a product the
// page lists every product location, like the main list.

function useProductId(): number | null | undefined {
  return recordIdOf(useParams().product_id);
}

export function ProductLocationsPage() {
  const productId = useProductId();
  const request = useContext(EntityRequestContext);
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const api = useMemo(
    () =>
      scopedApi(WAREHOUSE_PRODUCT_LOCATIONS, request, {
        ...(productId ? { filter: equalsFilter('product_id', productId) } : {}),
      }),
    [request, productId],
  );
  if (productId === undefined)
    return <Alert color="red">There is no product at this address.</Alert>;
  return (
    <>
      {productId !== null && (
        <Group px="md" pt="md">
          <Anchor component={Link} to={`/production/warehouse-product-locations-logs/${productId}`}>
            This product&apos;s location log
          </Anchor>
        </Group>
      )}
      <EntityListPage
        entity={WAREHOUSE_PRODUCT_LOCATIONS}
        api={api}
        onOpen={(row) => setEditing({ id: row?.id ?? null })}
      />
      {editing && (
        <EntityFormDrawer
          entity={WAREHOUSE_PRODUCT_LOCATIONS}
          id={editing.id}
          opened
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

/** warehouse-product-locations-logs/{product_id}: the log of one product's DC bins. */
export function ProductLocationLogsPage() {
  const productId = useProductId();
  const request = useContext(EntityRequestContext);
  const api = useMemo(
    () =>
      scopedApi(WAREHOUSE_LOCATION_LOGS, request, {
        ...(productId ? { filter: equalsFilter('product_id', productId) } : {}),
      }),
    [request, productId],
  );
  if (!productId) return <Alert color="red">There is no product at this address.</Alert>;
  return <EntityListPage entity={WAREHOUSE_LOCATION_LOGS} api={api} />;
}
