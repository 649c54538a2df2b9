import { Alert, Badge, Box, Paper, ScrollArea, Table, Text } from '@mantine/core';
import { useMemo } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { fetchStockReport } from './api/forecast.api.ts';
import { formatChartValue, formatValueTick } from '../../../src/domain/formats/chart.format.ts';
import { formatInteger, formatNumber } from '../../../src/domain/formats/number.format.ts';
import { PeriodPicker } from './period-picker.tsx';
import { useChosenPeriod } from './use-chosen-period.ts';
import { useForecastReport } from './use-forecast-report.ts';
import { SCROLL_BY_KEYBOARD } from '../../../src/views/common/scroll-by-keyboard.ts';

// stock-report: per product of the period, on hand now against the forecast: weeks of cover
// at the forecast's rate (the chart: the products that run out first) and the products below their safety stock,
// flagged in red.

/** Weeks of cover under this are marked by a red line: less than a month of stock. */
const SHORT_WEEKS = 4;

/** The chart draws the products that run out first; the table lists them all. */
const CHARTED = 20;

export function StockReportPage() {
  const { periods, period, pick } = useChosenPeriod();
  const report = useForecastReport(fetchStockReport, period?.id ?? null);
  const rows = useMemo(
    () =>
      [...(report?.rows ?? [])].sort(
        (a, b) =>
          (a.weeks_of_cover ?? Infinity) - (b.weeks_of_cover ?? Infinity) ||
          a.product_sku.localeCompare(b.product_sku),
      ),
    [report],
  );
  const below = rows.filter((r) => Boolean(r.below_safety)).length;
  return (
    <>
      <PeriodPicker periods={periods ?? []} period={period} onPick={pick} />
      {report && rows.length === 0 && (
        <Alert m="md" color="gray">
          This period has no forecast yet.
        </Alert>
      )}
      <Paper withBorder p="sm" m="md" data-testid="stock-report-chart">
        <Text size="sm" fw={600} mb="xs">
          Weeks of cover of the {Math.min(CHARTED, rows.length)} products that run out first (
          {below} of {rows.length} below safety stock)
        </Text>
        <Box h={220}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              data={rows
                .slice(0, CHARTED)
                .map((r) => ({ sku: r.product_sku, weeks: r.weeks_of_cover }))}
              margin={{ top: 4, right: 8, bottom: 0, left: 0 }}
            >
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis
                dataKey="sku"
                tick={{ fontSize: 10 }}
                interval={0}
                angle={-30}
                height={50}
                textAnchor="end"
              />
              <YAxis
                tick={{ fontSize: 11 }}
                width={48}
                tickFormatter={(value) => formatValueTick(value)}
              />
              <Tooltip formatter={(value) => formatChartValue(value, 'weeks')} />
              <ReferenceLine y={SHORT_WEEKS} stroke="#fa5252" strokeDasharray="4 4" />
              <Bar dataKey="weeks" name="Weeks of cover" fill="#15aabf" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </Box>
      </Paper>
      <ScrollArea h="calc(100vh - 540px)" mx="md" type="auto" viewportProps={SCROLL_BY_KEYBOARD}>
        <Table striped highlightOnHover stickyHeader aria-label="Stock against forecast">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th>Family</Table.Th>
              <Table.Th ta="right">On hand</Table.Th>
              <Table.Th ta="right">Forecast</Table.Th>
              <Table.Th ta="right">Safety</Table.Th>
              <Table.Th ta="right">Weeks of cover</Table.Th>
              <Table.Th>Below safety</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.product_id}>
                <Table.Td>
                  {r.product_sku} {r.product_name}
                </Table.Td>
                <Table.Td>{r.family_name ?? ''}</Table.Td>
                <Table.Td ta="right">{formatInteger(r.on_hand)}</Table.Td>
                <Table.Td ta="right">{formatInteger(r.forecast_units)}</Table.Td>
                <Table.Td ta="right">{formatInteger(r.safety_units)}</Table.Td>
                <Table.Td ta="right">
                  {r.weeks_of_cover === null ? '—' : formatNumber(r.weeks_of_cover, 1)}
                </Table.Td>
                <Table.Td>
                  {r.below_safety ? (
                    <Badge color="red" variant="light">
                      Below safety
                    </Badge>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </>
  );
}
