import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconFileTypeCsv, IconFileTypePdf, IconRoute, IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  TRACE_ANCHOR_KINDS,
  TRACE_DIRECTIONS,
  TRACE_KIND_LABELS,
  tracePageOf,
  type Trace,
  type TraceAnchorKind,
  type TraceDirection,
  type TraceNode,
} from '../../../domain/entities/stock/lot-trace.ts';
import { TraceGraph } from './trace-graph.tsx';
import { countOf, traceDayText, traceDetailText } from './trace-words.ts';
import { useLotTrace } from './use-lot-trace.ts';
import { useRecallReport } from './use-recall-report.ts';

// Lot trace (/inventory/trace): a lot number typed or scanned, or an anchor
// a Trace button put in the address, traced both ways: the graph, then every record in a
// table with its date and people, each anchor-able row a way to trace from there, and the
// recall report a regulator asks for in one click.

/** Rows the table draws; the recall report holds every one. */
const TABLE_CAP = 1000;

const DIRECTION_LABELS: Readonly<Record<TraceDirection, string>> = {
  both: 'Both ways',
  forward: 'Forward',
  backward: 'Backward',
};

const SIDE_LABELS = { anchor: 'Traced', forward: 'Reached', backward: 'Behind' } as const;
const SIDE_COLORS = { anchor: 'yellow', forward: 'blue', backward: 'green' } as const;

const isAnchorKind = (kind: string): kind is TraceAnchorKind =>
  (TRACE_ANCHOR_KINDS as readonly string[]).includes(kind);

function Summary({ trace }: { trace: Trace }) {
  const count = (kind: string) => trace.nodes.filter((n) => n.kind === kind).length;
  return (
    <Text size="sm" c="dimmed">
      {[
        countOf(count('lot'), 'lot'),
        countOf(count('production_order'), 'production order'),
        countOf(count('packing_list'), 'packing list'),
        countOf(count('customer'), 'customer'),
        countOf(count('hplc_result'), 'HPLC result'),
        countOf(count('coa'), 'CoA'),
      ].join(' · ')}
    </Text>
  );
}

function TraceRow({ node, trace }: { node: TraceNode; trace: Trace }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={600} c={`${SIDE_COLORS[node.side]}.8`}>
          {SIDE_LABELS[node.side]}
        </Text>
      </Table.Td>
      <Table.Td>{TRACE_KIND_LABELS[node.kind]}</Table.Td>
      <Table.Td fw={600}>{node.label}</Table.Td>
      <Table.Td>{traceDetailText(node.detail)}</Table.Td>
      <Table.Td>{traceDayText(node.at)}</Table.Td>
      <Table.Td>{node.people.join(', ')}</Table.Td>
      <Table.Td>
        {isAnchorKind(node.kind) && node.key !== trace.anchor && (
          <Button
            component={Link}
            to={`${tracePageOf(node.kind, node.id)}&direction=${trace.direction}`}
            size="compact-xs"
            variant="subtle"
            aria-label={`Trace from ${TRACE_KIND_LABELS[node.kind]} ${node.label}`}
          >
            Trace
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function TraceView({ trace }: { trace: Trace }) {
  const anchor = trace.nodes.find((n) => n.key === trace.anchor);
  const report = useRecallReport(trace.anchor);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={3}>
            {anchor ? `${TRACE_KIND_LABELS[anchor.kind]} ${anchor.label}` : trace.anchor}
          </Title>
          {anchor?.detail && <Text size="sm">{anchor.detail}</Text>}
          <Summary trace={trace} />
        </Stack>
        <Group gap="xs">
          <Button
            leftSection={<IconFileTypePdf size={16} />}
            onClick={() => void report.download('pdf')}
            loading={report.busy === 'pdf'}
          >
            Download recall report
          </Button>
          <Button
            variant="light"
            leftSection={<IconFileTypeCsv size={16} />}
            onClick={() => void report.download('csv')}
            loading={report.busy === 'csv'}
          >
            CSV
          </Button>
        </Group>
      </Group>
      <Paper withBorder p="xs" component="section" aria-label="Trace graph">
        <ScrollArea type="auto">
          <TraceGraph trace={trace} />
        </ScrollArea>
      </Paper>
      <Paper withBorder component="section" aria-label="Traced records">
        <ScrollArea type="auto" mah={560}>
          <Table striped highlightOnHover stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Side</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Record</Table.Th>
                <Table.Th>Detail</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>People</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {trace.nodes.slice(0, TABLE_CAP).map((node) => (
                <TraceRow key={node.key} node={node} trace={trace} />
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        {trace.nodes.length > TABLE_CAP && (
          <Text size="sm" c="dimmed" p="xs">
            {`The first ${TABLE_CAP} of ${trace.nodes.length} records; the recall report holds every one.`}
          </Text>
        )}
      </Paper>
    </Stack>
  );
}

export function LotTracePage() {
  const { state, direction, traceLotNo, setDirection } = useLotTrace();
  const [lotNo, setLotNo] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    traceLotNo(lotNo);
  };
  return (
    <Stack p="md" gap="md">
      <Group justify="space-between" align="flex-end">
        <form onSubmit={submit} aria-label="Trace a lot">
          <Group align="flex-end" gap="xs">
            <TextInput
              label="Lot number"
              placeholder="Type or scan a lot number"
              value={lotNo}
              onChange={(e) => setLotNo(e.currentTarget.value)}
              leftSection={<IconRoute size={16} />}
              w={280}
              data-autofocus
            />
            <Button type="submit" leftSection={<IconSearch size={16} />}>
              Trace
            </Button>
          </Group>
        </form>
        <SegmentedControl
          aria-label="Direction"
          value={direction}
          onChange={(value) => setDirection(value)}
          data={TRACE_DIRECTIONS.map((d) => ({ value: d, label: DIRECTION_LABELS[d] }))}
        />
      </Group>
      {state.kind === 'idle' && (
        <Text c="dimmed">
          Type a lot number, or use Trace on a lot, production order, reel, skid, sales order line
          or customer.
        </Text>
      )}
      {state.kind === 'loading' && <Loader role="status" aria-label="Tracing" />}
      {state.kind === 'missing' && (
        <Alert
          color="orange"
          title="Nothing to trace"
        >{`No record ${state.what} was found.`}</Alert>
      )}
      {state.kind === 'failed' && (
        <Alert color="red" title="The trace could not be read">
          {state.message}
        </Alert>
      )}
      {state.kind === 'found' && <TraceView trace={state.trace} />}
    </Stack>
  );
}
