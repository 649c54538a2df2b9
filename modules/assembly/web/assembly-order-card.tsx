import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { EntityDeclaration } from '../../../src/domain/entity/entity-declaration.ts';
import {
  ASSEMBLY_STAGE_QUESTIONS,
  type ASSEMBLY_SHIPPING_ORDERS,
} from '../shared/entities/assembly-orders.entity.ts';
import type { RowOf } from '../../../src/domain/entity/row-of.ts';
import { formatInteger } from '../../../src/domain/formats/number.format.ts';
import type { AssemblyEventName } from '../shared/machines/assembly-order.machine.ts';
import { assemblyRowActions } from '../shared/machines/assembly-order.row.ts';
import { DocumentActions } from '../../../src/views/common/entity/document-actions.tsx';
import { elapsed } from '../../../src/views/modules/production/dashboard/dashboard-columns.ts';
import classes from '../../../src/views/modules/production/dashboard/production-dashboard.module.css';

// One assembly order on a board: the kit, how far each stage got, how long in its stage, why
// it waits (held, or components short), and for the crew whose stage it is, the button that
// moves it on (with the counts it asks).

const n = (value: number | null) => formatInteger(value ?? 0);

/** An order as a board reads it; the assembly dashboard's also says what it waits for. */
type BoardOrderRow = RowOf<typeof ASSEMBLY_SHIPPING_ORDERS> & { waiting_for?: string | null };

export function AssemblyOrderCard({
  row,
  entity,
  events,
  now,
  wall,
}: {
  row: BoardOrderRow;
  /** The board's declaration: its API takes the board's events. */
  entity: EntityDeclaration;
  /** The events this board offers; a wall display offers none. */
  events: readonly AssemblyEventName[];
  now: number;
  wall: boolean;
}) {
  const held = row.status === 'on_hold';
  const offer = assemblyRowActions(events);
  return (
    <Card
      withBorder
      padding={wall ? 'md' : 'sm'}
      radius="md"
      className={classes.card}
      data-order={row.number ?? ''}
      data-held={held || undefined}
      aria-label={`Order ${row.number ?? ''}`}
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} className={classes.number}>
            {row.number}
          </Text>
          {held && (
            <Badge color="red" title={row.hold_reason ?? ''}>
              On hold
            </Badge>
          )}
        </Group>
        <Text size="sm" fw={600}>
          {row.product_sku}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={2}>
          {row.product_name}
        </Text>
        <Text size="sm" data-testid="units">
          {n(row.planned_units)} planned · {n(row.sealed_units)} sealed · {n(row.stamped_units)}{' '}
          stamped · {n(row.cartoned_units)} cartoned
        </Text>
        <Text size="xs" c="dimmed">
          {elapsed(row.stage_since ?? row.updated_at, now)} in stage
        </Text>
        {held && row.hold_reason && (
          <Text size="xs" c="red" data-testid="hold-reason">
            Held: {row.hold_reason}
          </Text>
        )}
        {row.waiting_for && (
          // Stock the order counted on at release went elsewhere: the crew sees what is missing
          // before it starts, not at the sealer.
          <Text size="xs" c="orange.8" fw={600} data-testid="waiting-for">
            Short: {row.waiting_for}
          </Text>
        )}
        {!wall && (
          <DocumentActions
            entity={entity}
            doc={row}
            // Only what this person may do here: the others' steps are theirs, not greyed.
            allowed={(doc, user) => offer(doc, user).filter((a) => a.allowed)}
            questions={ASSEMBLY_STAGE_QUESTIONS}
            // The board hears the change and redraws the card.
            onDone={() => undefined}
          />
        )}
      </Stack>
    </Card>
  );
}
