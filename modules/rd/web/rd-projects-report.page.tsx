import { Box, Paper, ScrollArea, Table, Text, Title } from '@mantine/core';
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
import type { RdProjectsReport } from '../shared/entities/rd-report-rows.ts';
import { StatusTag } from '../../../src/views/common/status-tag.tsx';
import { useRdReport } from './use-rd-report.ts';

// /rd/reports/projects: per project past its draft, its samples, the iterations its first
// approved sample took, and its cycle time in days (to completion, or to today while open).

export function RdProjectsReportPage() {
  const report = useRdReport<RdProjectsReport>('projects');
  const rows = report?.rows ?? [];
  return (
    <Box p="md">
      <Title order={3} mb="sm">
        Projects report
      </Title>
      <Paper withBorder p="sm" mb="md" data-testid="rd-projects-chart">
        <Text size="sm" fw={600} mb="xs">
          Cycle time (days) and iterations to approval per project
        </Text>
        <Box h={260}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={rows} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="number" tick={{ fontSize: 11 }} />
              <YAxis tick={{ fontSize: 11 }} width={40} />
              <Tooltip />
              <Legend />
              <Bar
                dataKey="cycle_days"
                name="Cycle days"
                fill="#228be6"
                isAnimationActive={false}
              />
              <Bar
                dataKey="iterations_to_approval"
                name="Iterations to approval"
                fill="#40c057"
                isAnimationActive={false}
              />
            </BarChart>
          </ResponsiveContainer>
        </Box>
      </Paper>
      <ScrollArea h="calc(100vh - 480px)" type="auto">
        <Table striped stickyHeader aria-label="Projects">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Project</Table.Th>
              <Table.Th>Title</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th ta="right">Samples</Table.Th>
              <Table.Th ta="right">Iterations to approval</Table.Th>
              <Table.Th ta="right">Cycle days</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.number}</Table.Td>
                <Table.Td>{r.title}</Table.Td>
                <Table.Td>
                  <StatusTag status={r.status} />
                </Table.Td>
                <Table.Td ta="right">{r.samples}</Table.Td>
                <Table.Td ta="right">{r.iterations_to_approval ?? '—'}</Table.Td>
                <Table.Td ta="right">{r.cycle_days.toFixed(1)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Box>
  );
}
