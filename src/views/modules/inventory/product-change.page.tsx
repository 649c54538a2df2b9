import {
  Alert,
  Anchor,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  PRODUCT_CHANGES,
  productChangeDoc,
} from '../../../domain/entities/inventory/product-changes.entity.ts';
import type { EntityField } from '../../../domain/entity/entity-field.ts';
import { productChangeActionStates } from '../../../machines/workflows/product-change.machine.ts';
import { DocumentActions, labelOf } from '../../common/entity/document-actions.tsx';
import { recordIdOf } from '../../common/entity-form/entity-form-page.tsx';
import { useRecordRead } from '../../common/entity-form/use-record-read.ts';
import { useEntityApi } from '../../common/entity-form/entity-request.context.ts';
import { textOf } from '../../common/entity-form/form-values.ts';
import { cellText, columnText } from '../../common/grid/cell-text.ts';
import { useUser } from '../../session/use-session.ts';
import { changeDiff, type DiffRow } from './product-change-diff.ts';
import { refKey, useRefLabels } from './use-ref-labels.ts';
import { Fact } from '../../common/fact.tsx';
import { BesideTimeline } from '../../common/timeline/beside-timeline.tsx';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// One product change request for its reviewer (/inventory/product_changes/:id): who asked for
// what, the proposal field by field against the product as it is now (as it was, once
// applied), and the workflow's actions. Maker-checker: the requester's own approve and reject
// are off, and the page says why rather than leaving the buttons to explain themselves.

const text = (value: unknown): string =>
  value === null || value === undefined ? '' : textOf(value);

export function ProductChangePage() {
  const id = recordIdOf(useParams().id);
  if (!id) return <Alert color="red">There is no product change at this address.</Alert>;
  return <ProductChangeView key={id} id={id} />;
}

function ProductChangeView({ id }: { id: number }) {
  const api = useEntityApi(PRODUCT_CHANGES);
  const user = useUser();
  // An event changes status and version: the bar and the page read the request again.
  const [generation, setGeneration] = useState(0);
  const load = useRecordRead(api, id, generation, PRODUCT_CHANGES);

  if (load.kind === 'loading') {
    return (
      <Group justify="center" p="xl">
        <Loader role="status" aria-label="Loading" />
      </Group>
    );
  }
  if (load.kind === 'failed') {
    return (
      <Alert color="red" title="The product change could not be read">
        {load.message}
      </Alert>
    );
  }
  const row = productChangeDoc(load.row);
  // Why the buttons that are off are off, one line per reason: "Approve, Reject: …".
  const refused = new Map<string, string[]>();
  for (const action of productChangeActionStates(
    { status: text(row.status), requested_by: row.requested_by },
    { id: Number(user.id), roles: user.roles },
  )) {
    if (action.allowed || !action.reason) continue;
    refused.set(action.reason, [...(refused.get(action.reason) ?? []), labelOf(action.event)]);
  }
  const refusals = [...refused].map(([reason, events]) => `${events.join(', ')}: ${reason}`);
  // The product as it is now comes with the request (its read's extra), not as its field.
  const current = row.current_product ?? null;
  const baseVersion = row.base_version ?? null;
  const movedOn =
    row.status === 'submitted' &&
    current &&
    baseVersion !== null &&
    current.version !== baseVersion;

  return (
    <BesideTimeline entity={PRODUCT_CHANGES} id={id} revision={row.version}>
      <Paper p="md" withBorder>
        <Stack gap="md">
          <Title order={3}>Product change {text(row.change_set_number)}</Title>

          <DocumentActions
            key={generation}
            entity={PRODUCT_CHANGES}
            doc={row}
            allowed={productChangeActionStates}
            onDone={() => setGeneration((g) => g + 1)}
          />
          {refusals.length > 0 && (
            <Alert
              color="gray"
              variant="light"
              icon={<IconInfoCircle size={18} />}
              data-testid="action-refusals"
            >
              {refusals.map((reason) => (
                <Text size="sm" key={reason}>
                  {reason}
                </Text>
              ))}
            </Alert>
          )}

          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
            <Fact label="Product">
              {row.product_id === null ? (
                'New product'
              ) : (
                <Anchor component={Link} to={`/inventory/products/${text(row.product_id)}`}>
                  {text(row.product_sku)}
                </Anchor>
              )}
              {current ? (
                <Text size="xs" c="dimmed">
                  {text(current.name)}
                </Text>
              ) : null}
            </Fact>
            <Fact label="Action">{columnText(PRODUCT_CHANGES, 'action', row)}</Fact>
            <Fact label="Requested by">
              {text(row.requested_by_name)}
              <Text size="xs" c="dimmed">
                {columnText(PRODUCT_CHANGES, 'created_at', row)}
              </Text>
            </Fact>
            <Fact label="Base version">
              {baseVersion === null ? '—' : baseVersion}
              {current ? (
                <Text size="xs" c="dimmed">
                  product now at version {current.version}
                </Text>
              ) : null}
            </Fact>
            {row.reviewed_by_name ? (
              <Fact label="Reviewed by">
                {text(row.reviewed_by_name)}
                <Text size="xs" c="dimmed">
                  {columnText(PRODUCT_CHANGES, 'reviewed_at', row)}
                </Text>
              </Fact>
            ) : null}
            {row.review_note ? <Fact label="Review note">{text(row.review_note)}</Fact> : null}
          </SimpleGrid>

          {movedOn && (
            <Alert color="yellow" variant="light" title="The product changed since this request">
              The request is based on version {baseVersion}; the product is at version{' '}
              {current.version}. Approving sends the request back to the requester to review it
              against the product as it is now.
            </Alert>
          )}

          <DiffTable row={load.row} />
        </Stack>
      </Paper>
    </BesideTimeline>
  );
}

function DiffTable({ row }: { row: EntityRow }) {
  const diff = changeDiff(row);
  const labels = useRefLabels(
    diff.flatMap((d) => [
      { field: d.field, value: d.before },
      { field: d.field, value: d.after },
    ]),
  );
  const sideText = (field: EntityField, value: unknown): string => {
    if (value === null) return '(empty)';
    const label = field.ref ? (labels.get(refKey(field, value)) ?? `#${text(value)}`) : undefined;
    const shown = cellText(field, {
      [field.name]: value,
      ...(field.ref ? { [field.ref.labelField]: label } : {}),
    });
    return shown || '(empty)';
  };
  const applied = row.status === 'applied';
  if (diff.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        The request proposes no product field.
      </Text>
    );
  }
  return (
    <Table withTableBorder striped aria-label="Proposed changes" maw={900}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={200}>Field</Table.Th>
          <Table.Th>{applied ? 'Before' : 'Current'}</Table.Th>
          <Table.Th w={32} />
          <Table.Th>{applied ? 'After' : 'Proposed'}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {diff.map((d: DiffRow) => (
          <Table.Tr key={d.field.name} data-changed={d.changed || undefined}>
            <Table.Td fw={500}>{d.field.label}</Table.Td>
            <Table.Td c="dimmed" td={d.changed ? 'line-through' : undefined}>
              {sideText(d.field, d.before)}
            </Table.Td>
            <Table.Td>
              <IconArrowRight size={14} aria-hidden />
            </Table.Td>
            <Table.Td fw={d.changed ? 600 : undefined} c={d.changed ? undefined : 'dimmed'}>
              {sideText(d.field, d.after)}
              {d.changed ? null : ' (no change)'}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
