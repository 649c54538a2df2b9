import { Paper, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { RECEIPTS_VS_ORDERS } from '../../../../domain/entities/purchase/purchase-reports.entity.ts';
import { EntityListPage } from '../../../common/entity/entity-list-page.tsx';
import { useGridFilters } from '../../../common/reports/use-grid-filters.ts';
import { useReportRows } from '../../../common/reports/use-report-rows.ts';
import { LeadTimeChart } from './lead-time-chart.tsx';

// Receipts vs orders: per supplier, what was ordered against what arrived
// and how long it took, as a chart of the suppliers the grid shows (its filters) above the
// grid itself. The chart draws the CHART_SUPPLIERS slowest, so a long list stays readable.

const CHART_SUPPLIERS = 20;
const SLOWEST_FIRST = { field: 'avg_last_receipt_days', direction: 'desc' } as const;

export function ReceiptsVsOrdersPage() {
  const { base, api, filter$ } = useGridFilters(RECEIPTS_VS_ORDERS);
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
