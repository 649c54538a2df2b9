import {
  Alert,
  Box,
  Group,
  Paper,
  ScrollArea,
  SegmentedControl,
  Select,
  Table,
  Text,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { fetchSalesReport } from './api/forecast.api.ts';
import { formatChartValue, formatValueTick } from '../../../src/domain/formats/chart.format.ts';
import { formatCurrency } from '../../../src/domain/formats/currency.format.ts';
import { formatInteger } from '../../../src/domain/formats/number.format.ts';
import { PeriodPicker } from './period-picker.tsx';
import { groupSales, monthTotals, type SalesGrouping } from './sales-by-month.ts';
import { useChosenPeriod } from './use-chosen-period.ts';
import { useForecastReport } from './use-forecast-report.ts';
import { SCROLL_BY_KEYBOARD } from '../../../src/views/common/scroll-by-keyboard.ts';

// sales-report: units and CAD shipped per product or family and month, over the period's
// history window and its own months, against the period's forecast spread over its months.
// The chart draws the months' units (bars) and forecast (line) of what the table shows.

export function SalesReportPage() {
  const { periods, period, pick } = useChosenPeriod();
  const report = useForecastReport(fetchSalesReport, period?.id ?? null);
  const [grouping, setGrouping] = useState<SalesGrouping>('product');
  const [only, setOnly] = useState<string | null>(null);
  const all = useMemo(() => groupSales(report?.rows ?? [], grouping, null), [report, grouping]);
  const choices = useMemo(
    () =>
      [...new Map(all.map((l) => [l.key, l.label])).entries()]
        .sort((a, b) => a[1].localeCompare(b[1]))
        .map(([value, label]) => ({ value, label })),
    [all],
  );
  const lines = useMemo(
    () => (only === null ? all : all.filter((l) => l.key === only)),
    [all, only],
  );
  const points = useMemo(() => monthTotals(lines), [lines]);
  return (
    <>
      <PeriodPicker periods={periods ?? []} period={period} onPick={pick} />
      <Group px="md" pt="sm" align="end">
        <SegmentedControl
          aria-label="Group by"
          value={grouping}
          onChange={(value) => {
            setGrouping(value === 'family' ? 'family' : 'product');
            setOnly(null);
          }}
          data={[
            { value: 'product', label: 'Per product' },
            { value: 'family', label: 'Per family' },
          ]}
        />
        <Select
          label={grouping === 'product' ? 'Product' : 'Family'}
          placeholder="All"
          w={320}
          clearable
          searchable
          data={choices}
          value={only}
          onChange={setOnly}
        />
      </Group>
      {report && report.rows.length === 0 && (
        <Alert m="md" color="gray">
          No shipped sales or forecast for this period.
        </Alert>
      )}
      <Paper withBorder p="sm" m="md" data-testid="sales-report-chart">
        <Text size="sm" fw={600} mb="xs">
          Units shipped and forecast per month
        </Text>
        <Box h={240}>
          <ResponsiveContainer width="100%" height="100%">
            <ComposedChart data={points} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="month" tick={{ fontSize: 11 }} />
              <YAxis
                tick={{ fontSize: 11 }}
                width={56}
                allowDecimals={false}
                tickFormatter={(value) => formatValueTick(value)}
              />
              <Tooltip formatter={(value) => formatChartValue(value)} />
              <Legend />
              <Bar dataKey="units" name="Units shipped" fill="#228be6" isAnimationActive={false} />
              <Line
                dataKey="forecast"
                name="Forecast units"
                stroke="#fa5252"
                strokeWidth={2}
                isAnimationActive={false}
              />
            </ComposedChart>
          </ResponsiveContainer>
        </Box>
      </Paper>
      <ScrollArea h="calc(100vh - 560px)" mx="md" type="auto" viewportProps={SCROLL_BY_KEYBOARD}>
        <Table striped highlightOnHover stickyHeader aria-label="Sales per month">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Month</Table.Th>
              <Table.Th>{grouping === 'product' ? 'Product' : 'Family'}</Table.Th>
              <Table.Th ta="right">Units</Table.Th>
              <Table.Th ta="right">CAD</Table.Th>
              <Table.Th ta="right">Forecast units</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l) => (
              <Table.Tr key={`${l.month}|${l.key}`}>
                <Table.Td>{l.month}</Table.Td>
                <Table.Td>{l.label}</Table.Td>
                <Table.Td ta="right">{formatInteger(l.units)}</Table.Td>
                <Table.Td ta="right">{formatCurrency(l.cad)}</Table.Td>
                <Table.Td ta="right">
                  {l.forecast_units === null ? '' : formatInteger(l.forecast_units)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </>
  );
}
