import { Button, Menu } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { canAccess } from '../../domain/access.ts';
import {
  TRACE_KIND_LABELS,
  tracePageOf,
  type TraceAnchorKind,
} from '../../domain/entities/stock/lot-trace.ts';
import { useUser } from '../session/use-session.ts';

// The "Trace" action of a lot, production order, reel, skid, sales order (and its lines) or
// customer: a link to the one trace page anchored there, shown only to the
// roles of the lot_trace area, so nobody is offered a page that would refuse them.

export function TraceLink({ kind, id }: { kind: TraceAnchorKind; id: number }) {
  const user = useUser();
  if (!canAccess(user.roles, 'lot_trace')) return null;
  return (
    <Button
      component={Link}
      to={tracePageOf(kind, id)}
      size="xs"
      variant="light"
      leftSection={<IconRoute size={14} />}
      aria-label={`Trace ${TRACE_KIND_LABELS[kind].toLowerCase()}`}
    >
      Trace
    </Button>
  );
}

/** A sales order's Trace: the whole order, or one of its lines. */
export function TraceOrderMenu({
  id,
  lines,
}: {
  id: number;
  lines: ReadonlyArray<{ id: number; label: string }>;
}) {
  const user = useUser();
  if (!canAccess(user.roles, 'lot_trace')) return null;
  if (lines.length === 0) return <TraceLink kind="sales_order" id={id} />;
  return (
    <Menu position="bottom-start">
      <Menu.Target>
        <Button size="xs" variant="light" leftSection={<IconRoute size={14} />}>
          Trace
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={tracePageOf('sales_order', id)}>
          The whole order
        </Menu.Item>
        {lines.map((line) => (
          <Menu.Item key={line.id} component={Link} to={tracePageOf('sales_order_line', line.id)}>
            {line.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
