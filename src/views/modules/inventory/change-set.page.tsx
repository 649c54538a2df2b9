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
import { Link, useParams } from 'react-router-dom';
import {
  CHANGE_SUMMARY,
  changeSetDoc,
} from '../../../domain/entities/inventory/change-summary.entity.ts';
import {
  PRODUCT_CHANGES,
  type ProductChangeRow,
} from '../../../domain/entities/inventory/product-changes.entity.ts';
import { recordIdOf } from '../../common/entity-form/entity-form-page.tsx';
import { useRecordRead } from '../../common/entity-form/use-record-read.ts';
import { useEntityApi } from '../../common/entity-form/entity-request.context.ts';
import { Fact } from '../../common/fact.tsx';
import { columnText } from '../../common/grid/cell-text.ts';
import { StatusTag } from '../../common/status-tag.tsx';

// One change set (/inventory/change_summary/:id): what it is and how far its reviews have got,
// then its product change requests, each a link to its own review page. The set is read-only;
// the server reads its requests with it (GET change_summary/:id → requests).

const REQUEST_COLUMNS = ['action', 'changed_fields', 'requested_by_name', 'created_at'] as const;

export function ChangeSetPage() {
  const id = recordIdOf(useParams().id);
  if (!id) return <Alert color="red">There is no change set at this address.</Alert>;
  return <ChangeSetView key={id} id={id} />;
}

function ChangeSetView({ id }: { id: number }) {
  const api = useEntityApi(CHANGE_SUMMARY);
  const load = useRecordRead(api, id, 0, CHANGE_SUMMARY);

  if (load.kind === 'loading') {
    return (
      <Group justify="center" p="xl">
        <Loader role="status" aria-label="Loading" />
      </Group>
    );
  }
  if (load.kind === 'failed') {
    return (
      <Alert color="red" title="The change set could not be read" m="md">
        {load.message}
      </Alert>
    );
  }
  const { row } = load;
  const changeSet = changeSetDoc(row);
  const requests = changeSet.requests ?? [];
  const set = (name: string) => columnText(CHANGE_SUMMARY, name, row);
  return (
    <Stack gap="md" p="md">
      <Paper p="md" withBorder>
        <Stack gap="md">
          <Group gap="sm">
            <Title order={3}>Change set {set('number')}</Title>
            <StatusTag status={changeSet.status ?? ''} />
          </Group>
          {set('title') && <Text>{set('title')}</Text>}
          <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
            <Fact label="Source">{set('source')}</Fact>
            <Fact label="Created by">
              {set('created_by_name')}
              <Text size="xs" c="dimmed">
                {set('created_at')}
              </Text>
            </Fact>
            <Fact label="Requests">{set('request_count')}</Fact>
            <Fact label="Open">{set('open_count')}</Fact>
            <Fact label="Applied">{set('applied_count')}</Fact>
            <Fact label="Rejected">{set('rejected_count')}</Fact>
          </SimpleGrid>
        </Stack>
      </Paper>
      <Paper p="md" withBorder>
        <Stack gap="sm">
          <Title order={4}>Product change requests</Title>
          {requests.length === 0 ? (
            <Text size="sm" c="dimmed">
              The set holds no request.
            </Text>
          ) : (
            <RequestsTable requests={requests} />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

function RequestsTable({ requests }: { requests: ProductChangeRow[] }) {
  const label = (name: string) => PRODUCT_CHANGES.fields.find((f) => f.name === name)?.label;
  return (
    <Table withTableBorder striped highlightOnHover aria-label="Product change requests">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Request</Table.Th>
          <Table.Th>Product</Table.Th>
          <Table.Th>Status</Table.Th>
          {REQUEST_COLUMNS.map((name) => (
            <Table.Th key={name}>{label(name)}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {requests.map((request) => (
          <Table.Tr key={request.id}>
            <Table.Td>
              {/* A link, so the keyboard reaches each review with Tab and opens it with Enter. */}
              <Anchor component={Link} to={`/inventory/product_changes/${request.id}`} size="sm">
                Request #{request.id}
              </Anchor>
            </Table.Td>
            <Table.Td>
              {columnText(PRODUCT_CHANGES, 'product_sku', request) || 'New product'}
            </Table.Td>
            <Table.Td>
              <StatusTag status={request.status ?? ''} />
            </Table.Td>
            {REQUEST_COLUMNS.map((name) => (
              <Table.Td key={name}>{columnText(PRODUCT_CHANGES, name, request)}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
