import {
  Alert,
  Anchor,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ApprovalItem, ApprovalOrder, Approvals } from '../../domain/approvals.ts';
import { formatDateTime } from '../../domain/formats/date.format.ts';
import { isModule, MODULE_LABELS } from '../../domain/module-labels.ts';
import type { Module } from '../../domain/modules.ts';
import type { ActionState } from '../../machines/workflows/document-workflow.ts';
import { DocumentActions } from '../common/entity/document-actions.tsx';
import { usePhone } from '../common/use-phone.ts';
import { useApprovals } from './use-approvals.ts';
import type { EntityRow } from '../../domain/entities/entity-row.ts';

// The one approval inbox (docs/journeys.md "Approvals"): every request waiting for the person's
// decision across modules, newest or oldest-waiting first, filtered by module. Each row opens
// its document and carries the decision buttons the server said the person may press now; they
// are the document's own action bar (reason dialog, confirmation, stale-version notice), sending
// the entity's own event with the row's version, so maker-checker and every guard hold here as
// on the document's page. On a phone each request is a card (what it is, who asked, its amount or
// reason, the decision buttons), since the table's last columns, the buttons, would sit past the
// screen's edge.

const ORDERS: { value: ApprovalOrder; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest waiting first' },
];

/** The top bar's count listens for this (shell/top-bar/use-approval-count.ts). */
const APPROVALS_DECIDED = 'plantline:approvals-decided';

/** The server's events as the action bar's states: each one allowed now. */
const actionsOf = (item: ApprovalItem) => (): ActionState[] =>
  item.events.map((event) => ({
    event: event.event,
    to: '',
    allowed: true,
    reason: null,
    needsReason: Boolean(event.needsReason),
    ...(event.confirm ? { confirm: true } : {}),
  }));

/** The decision buttons of one request: the document's own action bar. */
function Decision({ item, onDone }: { item: ApprovalItem; onDone: () => void }) {
  // The document's events route and button words, as the server read its declaration.
  const entity = {
    api: item.api,
    label: item.entityLabel,
    eventLabels: Object.fromEntries(item.events.map((e) => [e.event, e.label])),
  };
  const doc = {
    id: item.id,
    version: item.version,
    seq: 0,
    status: item.status,
    number: item.number,
  } as EntityRow;
  return item.events.length > 0 ? (
    <DocumentActions entity={entity} doc={doc} allowed={actionsOf(item)} onDone={onDone} />
  ) : (
    <Text size="sm" c="dimmed">
      Open it to decide
    </Text>
  );
}

function Row({ item, onDone }: { item: ApprovalItem; onDone: () => void }) {
  return (
    <Table.Tr data-testid="approval-row" data-source={item.source} data-number={item.number}>
      <Table.Td>
        <Text size="xs" fw={600} c="blue.8" tt="uppercase">
          {MODULE_LABELS[item.module]}
        </Text>
      </Table.Td>
      <Table.Td>{item.kind}</Table.Td>
      <Table.Td>
        <Anchor component={Link} to={item.href} fw={500} size="sm">
          {item.number}
        </Anchor>
        {item.title !== '' && (
          <Text size="xs" c="dimmed">
            {item.title}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{item.requestedBy ?? '—'}</Table.Td>
      <Table.Td>{formatDateTime(item.waitingSince)}</Table.Td>
      <Table.Td>
        <Decision item={item} onDone={onDone} />
      </Table.Td>
    </Table.Tr>
  );
}

/** One request as a phone shows it: a card the width of the screen, its buttons last. */
function Card({ item, onDone }: { item: ApprovalItem; onDone: () => void }) {
  return (
    <Paper
      withBorder
      p="sm"
      role="listitem"
      aria-label={`${item.kind} ${item.number}`}
      data-testid="approval-row"
      data-source={item.source}
      data-number={item.number}
    >
      <Stack gap={6}>
        <Text size="xs" fw={600} c="blue.8" tt="uppercase">
          {MODULE_LABELS[item.module]} · {item.kind}
        </Text>
        <div>
          <Anchor
            component={Link}
            to={item.href}
            fw={600}
            size="sm"
            style={{ overflowWrap: 'anywhere' }}
          >
            {item.number}
          </Anchor>
          {item.title !== '' && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {item.title}
            </Text>
          )}
        </div>
        <Text size="xs" c="dimmed">
          Requested by {item.requestedBy ?? '—'} · waiting since {formatDateTime(item.waitingSince)}
        </Text>
        <Decision item={item} onDone={onDone} />
      </Stack>
    </Paper>
  );
}

function Inbox({ approvals, onDone }: { approvals: Approvals; onDone: () => void }) {
  const phone = usePhone();
  if (approvals.items.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="approvals-empty">
        Nothing waits for your decision.
      </Text>
    );
  }
  return (
    <>
      {phone ? (
        <Stack gap="xs" role="list" aria-label="Waiting for your decision">
          {approvals.items.map((item) => (
            <Card key={`${item.source}-${item.id}`} item={item} onDone={onDone} />
          ))}
        </Stack>
      ) : (
        <Table striped highlightOnHover verticalSpacing="xs" aria-label="Waiting for your decision">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Module</Table.Th>
              <Table.Th>What</Table.Th>
              <Table.Th>Document</Table.Th>
              <Table.Th>Requested by</Table.Th>
              <Table.Th>Waiting since</Table.Th>
              <Table.Th>Decision</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {approvals.items.map((item) => (
              <Row key={`${item.source}-${item.id}`} item={item} onDone={onDone} />
            ))}
          </Table.Tbody>
        </Table>
      )}
      {approvals.total > approvals.items.length && (
        <Text size="sm" c="dimmed">
          Showing {approvals.items.length} of {approvals.total}: decide these, or filter by module.
        </Text>
      )}
    </>
  );
}

export function ApprovalsPage() {
  const [order, setOrder] = useState<ApprovalOrder>('newest');
  const [module, setModule] = useState<Module | null>(null);
  const { state, reload } = useApprovals({ order, module });
  const approvals = state.status === 'loading' ? null : state.work;
  const modules = approvals?.modules ?? [];
  const total = modules.reduce((sum, m) => sum + m.count, 0);
  // The top bar's count too: the person's own decisions are not broadcast back to them.
  const decided = () => {
    window.dispatchEvent(new Event(APPROVALS_DECIDED));
    reload();
  };

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3">
          Waiting for your decision {approvals ? `(${total})` : ''}
        </Title>
        <Group gap="sm" align="flex-end">
          <Select
            label="Module"
            placeholder="All modules"
            clearable
            allowDeselect
            w={220}
            value={module}
            onChange={(value) => setModule(value && isModule(value) ? value : null)}
            data={modules.map((m) => ({
              value: m.module,
              label: `${MODULE_LABELS[m.module]} (${m.count})`,
            }))}
          />
          <SegmentedControl
            aria-label="Order"
            value={order}
            onChange={(value) => setOrder(value === 'oldest' ? 'oldest' : 'newest')}
            data={ORDERS}
          />
        </Group>
      </Group>
      {state.status === 'failed' && (
        <Alert color="yellow" title="Could not refresh">
          The inbox below may be out of date; it reads again on the next change.
        </Alert>
      )}
      {approvals ? <Inbox approvals={approvals} onDone={decided} /> : <Loader size="sm" />}
    </Stack>
  );
}
