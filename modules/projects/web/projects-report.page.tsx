import {
  Alert,
  Anchor,
  Box,
  Group,
  MultiSelect,
  Paper,
  ScrollArea,
  Select,
  SimpleGrid,
  Table,
  Text,
} from '@mantine/core';
import { useContext, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
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
import { entityApi, type Option } from '../../../src/api/entity.api.ts';
import { PM_PEOPLE } from '../shared/entities/pm-people.entity.ts';
import { projectReportTotals } from '../shared/entities/project-report.ts';
import { PROJECT_STATUSES } from '../shared/entities/project-values.ts';
import { formatChartValue } from '../../../src/domain/formats/chart.format.ts';
import { formatDate } from '../../../src/domain/formats/date.format.ts';
import { formatNumber } from '../../../src/domain/formats/number.format.ts';
import { EntityRequestContext } from '../../../src/views/common/entity-form/entity-request.context.ts';
import { DateField } from '../../../src/views/common/inputs/date-field.tsx';
import { StatusTag } from '../../../src/views/common/status-tag.tsx';
import { projectTasksPath } from './project-paths.ts';
import { useProjectReport } from './use-project-report.ts';

// /projects_report: per project its tasks total, done and overdue, % complete, hours logged and
// days late, filtered by owner, statuses and a window of days; two charts over the same rows.

const STATUS_CHOICES = PROJECT_STATUSES.map((s) => ({ value: s, label: s.replaceAll('_', ' ') }));

export function ProjectsReportPage() {
  const request = useContext(EntityRequestContext);
  const [owners, setOwners] = useState<Option[]>([]);
  const [owner, setOwner] = useState<string | null>(null);
  const [statuses, setStatuses] = useState<string[]>([]);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const query = useMemo(
    () => ({ owner_id: owner ? Number(owner) : null, status: statuses, from, to }),
    [owner, statuses, from, to],
  );
  const { report, failed } = useProjectReport(query);
  const rows = useMemo(() => report?.rows ?? [], [report]);
  const totals = useMemo(() => projectReportTotals(rows), [rows]);
  const points = rows.map((r) => ({
    name: r.number ?? r.name,
    pct: r.pct_complete,
    hours: r.hours,
    late: r.days_late,
  }));

  useEffect(() => {
    entityApi(PM_PEOPLE, request)
      .options('')
      .then(setOwners, () => setOwners([]));
  }, [request]);

  return (
    <Box>
      <Group px="md" pt="md" align="end">
        <Select
          label="Owner"
          placeholder="Everyone"
          clearable
          searchable
          w={220}
          data={owners.map((o) => ({ value: String(o.value), label: o.label }))}
          value={owner}
          onChange={setOwner}
        />
        <MultiSelect
          label="Status"
          placeholder="Any"
          w={300}
          data={STATUS_CHOICES}
          value={statuses}
          onChange={setStatuses}
          clearable
        />
        <DateField label="From" value={from} onChange={setFrom} withShortcuts={false} w={150} />
        <DateField label="To" value={to} onChange={setTo} withShortcuts={false} w={150} />
      </Group>
      {failed && (
        <Alert m="md" color="red">
          The report could not be read; change a filter to try again.
        </Alert>
      )}
      <Group px="md" pt="sm" gap="xl" aria-label="Totals">
        <Text size="sm">
          <b>{totals.projects}</b> projects
        </Text>
        <Text size="sm">
          <b>{totals.tasks_done}</b> of <b>{totals.tasks_total}</b> tasks done
        </Text>
        <Text size="sm" c={totals.tasks_overdue > 0 ? 'red' : undefined}>
          <b>{totals.tasks_overdue}</b> overdue
        </Text>
        <Text size="sm">
          <b>{formatNumber(totals.hours, 2)}</b> hours
        </Text>
        <Text size="sm" c={totals.late_projects > 0 ? 'red' : undefined}>
          <b>{totals.late_projects}</b> late
        </Text>
      </Group>
      <SimpleGrid cols={2} px="md" pt="sm">
        <Paper withBorder p="sm" data-testid="report-progress-chart">
          <Text size="sm" fw={600} mb="xs">
            % complete per project
          </Text>
          <Box h={200}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={points} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="name" tick={{ fontSize: 11 }} />
                <YAxis domain={[0, 100]} tick={{ fontSize: 11 }} width={40} />
                <Tooltip formatter={(value) => formatChartValue(value, ' %')} />
                <Bar dataKey="pct" name="% complete" fill="#228be6" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </Box>
        </Paper>
        <Paper withBorder p="sm" data-testid="report-hours-chart">
          <Text size="sm" fw={600} mb="xs">
            Hours logged and days late
          </Text>
          <Box h={200}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={points} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="name" tick={{ fontSize: 11 }} />
                <YAxis tick={{ fontSize: 11 }} width={40} />
                <Tooltip formatter={(value) => formatChartValue(value)} />
                <Legend />
                <Bar dataKey="hours" name="Hours" fill="#40c057" isAnimationActive={false} />
                <Bar dataKey="late" name="Days late" fill="#fa5252" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </Box>
        </Paper>
      </SimpleGrid>
      <ScrollArea h="calc(100vh - 520px)" mx="md" mt="sm" type="auto">
        <Table striped highlightOnHover stickyHeader aria-label="Projects report">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Project</Table.Th>
              <Table.Th>Owner</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Due</Table.Th>
              <Table.Th ta="right">Tasks</Table.Th>
              <Table.Th ta="right">Done</Table.Th>
              <Table.Th ta="right">Overdue</Table.Th>
              <Table.Th ta="right">% complete</Table.Th>
              <Table.Th ta="right">Hours</Table.Th>
              <Table.Th ta="right">Days late</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  <Anchor component={Link} to={projectTasksPath(r.id)} size="sm">
                    {r.number} {r.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{r.owner_name}</Table.Td>
                <Table.Td>
                  <StatusTag status={r.status} />
                </Table.Td>
                <Table.Td>{formatDate(r.due_date)}</Table.Td>
                <Table.Td ta="right">{r.tasks_total}</Table.Td>
                <Table.Td ta="right">{r.tasks_done}</Table.Td>
                <Table.Td ta="right" c={r.tasks_overdue > 0 ? 'red' : undefined}>
                  {r.tasks_overdue}
                </Table.Td>
                <Table.Td ta="right">{r.pct_complete} %</Table.Td>
                <Table.Td ta="right">{formatNumber(r.hours, 2)}</Table.Td>
                <Table.Td ta="right" c={r.days_late > 0 ? 'red' : undefined}>
                  {r.days_late}
                </Table.Td>
              </Table.Tr>
            ))}
            {report && rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={10}>
                  <Text c="dimmed" size="sm">
                    No project matches these filters.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Box>
  );
}
