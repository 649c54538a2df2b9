import { Paper, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useContext, useMemo } from 'react';
import { BehaviorSubject } from 'rxjs';
import { entityApi, type EntityApi } from '../../../../api/entity.api.ts';
import { RECEIPTS_VS_ORDERS } from '../../../../domain/entities/purchase/purchase-reports.entity.ts';
import type { ColumnFilterInput } from '../../../../domain/table-filter/table-query.types.ts';
import { EntityListPage } from '../../../common/entity/entity-list-page.tsx';
import { EntityRequestContext } from '../../../common/entity-form/entity-request.context.ts';
import { LeadTimeChart } from './lead-time-chart.tsx';
import { useReportRows } from './use-report-rows.ts';

// Receipts vs orders (issue 16 item 9): per supplier, what was ordered against what arrived
// and how long it took, as a chart of the suppliers the grid shows (its filters) above the
// grid itself. The chart draws the CHART_SUPPLIERS slowest, so a long list stays readable.

const CHART_SUPPLIERS = 20;
const SLOWEST_FIRST = { field: 'avg_last_receipt_days', direction: 'desc' } as const;

export function ReceiptsVsOrdersPage() {
  const request = useContext(EntityRequestContext);
  const filter$ = useMemo(() => new BehaviorSubject<readonly ColumnFilterInput[]>([]), []);
  const base = useMemo(() => entityApi(RECEIPTS_VS_ORDERS, request), [request]);
  // The grid's data provider, noting the filters of each list it reads for the chart.
  const api = useMemo<EntityApi>(
    () => ({
      ...base,
      list: (query, signal) => {
        filter$.next(query.filter ?? []);
        return base.list(query, signal);
      },
    }),
    [base, filter$],
  );
  const rows = useReportRows(base, filter$, SLOWEST_FIRST, CHART_SUPPLIERS);
  const { ref, width } = useElementSize();
  return (
    <>
      <Paper withBorder p="sm" mx="md" mt="md" ref={ref} data-testid="report-chart">
        <Text size="sm" fw={600} mb="xs">
          Lead time and received share per supplier
        </Text>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed" h={240} ta="center" pt={100}>
            No orders have been placed with these suppliers yet.
          </Text>
        ) : (
          <LeadTimeChart rows={rows} width={Math.max(1, width - 24)} />
        )}
      </Paper>
      <EntityListPage entity={RECEIPTS_VS_ORDERS} api={api} gridHeight="calc(100vh - 440px)" />
    </>
  );
}
