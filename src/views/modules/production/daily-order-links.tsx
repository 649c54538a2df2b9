import { Anchor, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { StatusTag } from '../../common/status-tag.tsx';
import { orderDetailPath, ORDERS_LIST_PATH } from './order-detail/order-paths.ts';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';
import { DAILY_ORDER_LINES } from '../../../domain/entities/production/daily-orders.entity.ts';
import { rowOf } from '../../../domain/entity/row-of.ts';

// Once accepted, a daily order's lines are production orders: the form's action bar names them
// with where each stands, so a planner follows them without leaving the daily order.

export function dailyOrderLinks(doc: EntityRow): ReactNode {
  const lines = Array.isArray(doc.lines)
    ? (doc.lines as EntityRow[]).map((line) => rowOf(DAILY_ORDER_LINES, line))
    : [];
  const linked = lines.filter((l) => typeof l.production_order_number === 'string');
  if (linked.length === 0) return null;
  return (
    <Group gap="xs" role="group" aria-label="Production orders">
      <Text size="sm" c="dimmed">
        Production orders:
      </Text>
      {linked.map((line) => (
        <Group key={line.id} gap={4} wrap="nowrap">
          <Anchor
            component={Link}
            to={
              typeof line.production_order_id === 'number'
                ? orderDetailPath(line.production_order_id)
                : ORDERS_LIST_PATH
            }
            size="sm"
          >
            {line.production_order_number}
          </Anchor>
          <StatusTag status={line.production_order_status ?? ''} />
        </Group>
      ))}
    </Group>
  );
}
