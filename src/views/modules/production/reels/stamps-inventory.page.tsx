import { Group, TextInput } from '@mantine/core';
import { useContext, useMemo, useState } from 'react';
import { STAMPS_INVENTORY } from '../../../../domain/entities/production/stamp-reels.entity.ts';
import { EntityListPage } from '../../../common/entity/entity-list-page.tsx';
import { EntityRequestContext } from '../../../common/entity-form/entity-request.context.ts';
import { scopedApi } from '../scoped-api.ts';

// stamps-inventory: every reel's ledger up to the end of the chosen day (today by default);
// the grid and its export both carry the date.

const today = () => new Date().toLocaleDateString('en-CA');

export function StampsInventoryPage() {
  const request = useContext(EntityRequestContext);
  const [asOf, setAsOf] = useState(today);
  const api = useMemo(
    () => scopedApi(STAMPS_INVENTORY, request, { params: { as_of: asOf } }),
    [request, asOf],
  );
  return (
    <>
      <Group px="md" pt="md">
        <TextInput
          type="date"
          label="As of"
          value={asOf}
          max={today()}
          onChange={(e) => e.currentTarget.value && setAsOf(e.currentTarget.value)}
        />
      </Group>
      <EntityListPage key={asOf} entity={STAMPS_INVENTORY} api={api} />
    </>
  );
}
