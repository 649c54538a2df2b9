import { Box, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { RdSamplesReport } from '../shared/entities/rd-report-rows.ts';
import { RD_SAMPLE_STATUSES } from '../shared/entities/rd-values.ts';
import { formatPercent } from '../../../src/domain/formats/percent.format.ts';
import { statusLabel } from '../../../src/domain/status-tags.ts';
import { VERDICT_COLORS } from '../../../src/domain/status-colors.ts';
import { StatusTag } from '../../../src/views/common/status-tag.tsx';
import { useRdReport } from './use-rd-report.ts';
import { SCROLL_BY_KEYBOARD } from '../../../src/views/common/scroll-by-keyboard.ts';

// /rd/reports/samples: how many samples each flavorist has in each status (stacked bars), the
// R&D HPLC pass rate per category, and the lab results every specified sample was sent with,
// with its latest HPLC test (measured, % of claim, passed or failed).

const COLORS = [
  '#adb5bd',
  '#74c0fc',
  '#4dabf7',
  '#228be6',
  '#7950f2',
  '#fab005',
  '#40c057',
  '#fa5252',
  '#fd7e14',
  '#868e96',
];
const num = (v: number | null, digits = 0) => (v === null ? '—' : v.toFixed(digits));

export function RdSamplesReportPage() {
  const report = useRdReport<RdSamplesReport>('samples');
  const points = useMemo(() => {
    const byName = new Map<string, Record<string, number | string>>();
    for (const row of report?.by_flavorist ?? []) {
      const point = byName.get(row.flavorist) ?? { flavorist: row.flavorist };
      point[row.status] = row.samples;
      byName.set(row.flavorist, point);
    }
    return [...byName.values()];
  }, [report]);
  const statuses = RD_SAMPLE_STATUSES.filter((s) =>
    (report?.by_flavorist ?? []).some((r) => r.status === s),
  );
  return (
    <Box p="md">
      <Title order={3} mb="sm">
        Samples report
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} mb="md">
        <Paper withBorder p="sm" data-testid="rd-samples-chart">
          <Text size="sm" fw={600} mb="xs">
            Samples by flavorist and status
          </Text>
          <Box h={260}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={points} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="flavorist" tick={{ fontSize: 11 }} />
                <YAxis tick={{ fontSize: 11 }} width={40} allowDecimals={false} />
                <Tooltip />
                <Legend />
                {statuses.map((status) => (
                  <Bar
                    key={status}
                    dataKey={status}
                    name={statusLabel(status)}
                    stackId="status"
                    fill={COLORS[RD_SAMPLE_STATUSES.indexOf(status) % COLORS.length]}
                    isAnimationActive={false}
                  />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </Box>
        </Paper>
        <HplcPassRate rates={report?.hplc_pass_rate ?? []} />
      </SimpleGrid>
      <Text size="sm" fw={600} mb="xs">
        Lab results of specified samples
      </Text>
      <ScrollArea h="calc(100vh - 520px)" type="auto" viewportProps={SCROLL_BY_KEYBOARD}>
        <Table striped stickyHeader aria-label="Lab results">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Sample</Table.Th>
              <Table.Th>Project</Table.Th>
              <Table.Th ta="right">Iteration</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>HPLC category</Table.Th>
              <Table.Th ta="right">Nicotine mg/ml</Table.Th>
              <Table.Th ta="right">Density g/ml</Table.Th>
              <Table.Th ta="right">Flashpoint °C</Table.Th>
              <Table.Th ta="right">Score</Table.Th>
              <Table.Th>HPLC</Table.Th>
              <Table.Th ta="right">Measured mg/ml</Table.Th>
              <Table.Th ta="right">% of claim</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(report?.results ?? []).map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.number}</Table.Td>
                <Table.Td>
                  {r.project_number} {r.project_title}
                </Table.Td>
                <Table.Td ta="right">{r.iteration}</Table.Td>
                <Table.Td>
                  <StatusTag status={r.status} />
                </Table.Td>
                <Table.Td>{r.hplc_category ?? '—'}</Table.Td>
                <Table.Td ta="right">{num(r.nicotine_mg, 3)}</Table.Td>
                <Table.Td ta="right">{num(r.density_g_ml, 4)}</Table.Td>
                <Table.Td ta="right">{num(r.flashpoint_c, 1)}</Table.Td>
                <Table.Td ta="right">{num(r.avg_score, 1)}</Table.Td>
                <Table.Td>
                  {r.hplc_status ? (
                    <Stack gap={2} align="flex-start">
                      <StatusTag status={r.hplc_status} />
                      <Text size="xs" c="dimmed">
                        {r.hplc_number}
                      </Text>
                    </Stack>
                  ) : (
                    '—'
                  )}
                </Table.Td>
                <Table.Td ta="right">{num(r.hplc_measured_mg, 3)}</Table.Td>
                <Table.Td ta="right">
                  {r.hplc_percent_of_claim === null
                    ? '—'
                    : formatPercent(r.hplc_percent_of_claim, 1)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Box>
  );
}

/** The R&D samples' HPLC pass rate per category, with how many of how many passed. */
function HplcPassRate({ rates }: { rates: RdSamplesReport['hplc_pass_rate'] }) {
  return (
    <Paper withBorder p="sm" data-testid="rd-hplc-pass-rate">
      <Text size="sm" fw={600} mb="xs">
        HPLC pass rate by category
      </Text>
      {rates.length === 0 ? (
        <Text size="sm" c="dimmed">
          No R&amp;D sample has an HPLC result yet.
        </Text>
      ) : (
        <>
          <Box h={200}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={rates} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="category" tick={{ fontSize: 11 }} />
                <YAxis tick={{ fontSize: 11 }} width={40} domain={[0, 100]} unit="%" />
                <Tooltip />
                <Bar
                  dataKey="pass_rate_pct"
                  name="Pass rate %"
                  maxBarSize={80}
                  fill={`var(--mantine-color-${VERDICT_COLORS.pass}-6)`}
                  isAnimationActive={false}
                />
              </BarChart>
            </ResponsiveContainer>
          </Box>
          {rates.map((r) => (
            <Text key={r.category} size="sm">
              <b>{r.category}</b>: {r.passed} of {r.tested} passed (
              {formatPercent(r.pass_rate_pct, 1)})
            </Text>
          ))}
        </>
      )}
    </Paper>
  );
}
