import { Group } from '@mantine/core';
import { useContext, useMemo, useState } from 'react';
import { STAMPS_INVENTORY } from '../../../../domain/entities/production/stamp-reels.entity.ts';
import { formatIsoDate } from '../../../../domain/formats/date.format.ts';
import { EntityListPage } from '../../../common/entity/entity-list-page.tsx';
import { EntityRequestContext } from '../../../common/entity-form/entity-request.context.ts';
import { DateField } from '../../../common/inputs/date-field.tsx';
import { scopedApi } from '../scoped-api.ts';
import { StampCoverSection } from './stamp-cover-section.tsx';

// stamps-inventory: every reel's ledger up to the end of the chosen day (today by default);
// the grid and its export both carry the date. Above it, today's stamp cover per jurisdiction.

/** Today as the API takes it ('YYYY-MM-DD'), shown MM/DD/YYYY by the date field. */
const today = () => formatIsoDate(Date.now());

export function StampsInventoryPage() {
  const request = useContext(EntityRequestContext);
  const [asOf, setAsOf] = useState(today);
  const api = useMemo(
    () => scopedApi(STAMPS_INVENTORY, request, { params: { as_of: asOf } }),
    [request, asOf],
  );
  return (
    <>
      <StampCoverSection />
      <Group px="md" pt="md">
        <DateField
          label="As of"
          value={asOf}
          maxDate={today()}
          clearable={false}
          withShortcuts={false}
          onChange={(next) => next && setAsOf(next)}
        />
      </Group>
      <EntityListPage key={asOf} entity={STAMPS_INVENTORY} api={api} />
    </>
  );
}
