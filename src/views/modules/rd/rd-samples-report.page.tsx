import { Box, Paper, ScrollArea, Table, Text, Title } from '@mantine/core';
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
import type { RdSamplesReport } from '../../../domain/entities/rd/rd-report-rows.ts';
import { RD_SAMPLE_STATUSES } from '../../../domain/entities/rd/rd-values.ts';
import { statusLabel } from '../../../domain/status-tags.ts';
import { StatusTag } from '../../common/status-tag.tsx';
import { useRdReport } from './use-rd-report.ts';

// /rd/reports/samples: how many samples each flavorist has in each status (stacked bars), and
// the lab results every specified sample was sent with.

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
      <Paper withBorder p="sm" mb="md" data-testid="rd-samples-chart">
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
      <Text size="sm" fw={600} mb="xs">
        Lab results of specified samples
      </Text>
      <ScrollArea h="calc(100vh - 520px)" type="auto">
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
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Box>
  );
}
