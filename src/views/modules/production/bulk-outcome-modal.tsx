import { Anchor, Badge, Button, Group, Modal, Stack, Table } from '@mantine/core';
import { Link } from 'react-router-dom';
import { statusLabel } from '../../../domain/status-tags.ts';
import type { BulkReport } from './order-bulk-actions.tsx';
import { orderDetailPath } from './order-detail/order-paths.ts';

// What one event sent to several orders did to each: done, refused by the server (and why),
// or skipped because the order could not take it. Each order opens its detail page.

const RESULT_COLORS = { done: 'green', refused: 'red', skipped: 'gray' } as const;
const RESULT_WORDS = { done: 'Done', refused: 'Refused', skipped: 'Skipped' } as const;

export function reportTitle(report: BulkReport): string {
  const done = report.outcomes.filter((o) => o.result === 'done').length;
  return `${statusLabel(report.event)}: ${done} of ${report.outcomes.length} orders`;
}

export function BulkOutcomeModal({
  report,
  onClose,
}: {
  report: BulkReport | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={report !== null}
      onClose={onClose}
      title={report && reportTitle(report)}
      size="lg"
    >
      {report && (
        <Stack>
          <Table aria-label="What happened to each order" verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Order</Table.Th>
                <Table.Th>Result</Table.Th>
                <Table.Th>What happened</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.outcomes.map((o) => (
                <Table.Tr key={o.id} data-order={o.number} data-result={o.result}>
                  <Table.Td>
                    <Anchor component={Link} to={orderDetailPath(o.id)} size="sm">
                      {o.number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={RESULT_COLORS[o.result]} variant="light" tt="none">
                      {RESULT_WORDS[o.result]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{o.text}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              OK
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
