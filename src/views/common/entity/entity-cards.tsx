import { Badge, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';
import type { EntityField } from '../../../domain/entity/entity-field.ts';
import { valueLabel } from '../../../domain/entity/value-label.ts';
import { toFlag } from '../../../domain/formats/flag.format.ts';
import { VERDICT_COLORS } from '../../../domain/status-colors.ts';
import type { LiveListEvent } from '../../../streams/live-list.store.ts';
import { Fact } from '../fact.tsx';
import { cellText } from '../grid/cell-text.ts';
import { StatusTag } from '../status-tag.tsx';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// An entity list on a phone: one card per row of the page, in place of the grid, whose columns
// past the first two would sit beyond the screen's edge. Each card names its row (its title,
// a button that opens it, like a double-click on a grid row) and reads a few of its fields as
// the grid's cells do. The rows are the grid's: the same live store, snapshot and changes.

/** Which fields a list's cards show: one read as the title (and one under it), facts below. */
export type PhoneCards = { title: string; subtitle?: string; facts: readonly string[] };

export interface EntityCardsProps {
  fields: readonly EntityField[];
  cards: PhoneCards;
  events$: Observable<LiveListEvent>;
  onOpen?: (row: EntityRow) => void;
  /** Names the list for assistive technology (the list's plural label). */
  label: string;
}

/** A flag that is only worth telling when set (Overdue): a card leaves it out otherwise. */
const quietAlert = (field: EntityField, row: EntityRow): boolean =>
  field.kind === 'boolean' &&
  Boolean(field.alert) &&
  !toFlag(row[field.name] as boolean | number | string | null);

function FactValue({ field, row }: { field: EntityField; row: EntityRow }) {
  const value = row[field.name];
  if (field.kind === 'enum' && field.tag && typeof value === 'string') {
    return <StatusTag status={value} label={valueLabel(field, value)} size="sm" />;
  }
  if (field.kind === 'boolean' && field.alert) {
    return (
      <Badge color={VERDICT_COLORS.fail} variant="filled" size="sm">
        {field.alert}
      </Badge>
    );
  }
  return cellText(field, row) || '—';
}

/** The page's rows after `event`; null until the first snapshot is read. */
function apply(
  rows: readonly EntityRow[] | null,
  event: LiveListEvent,
): readonly EntityRow[] | null {
  if (event.type === 'snapshot') return event.rows;
  if (event.type !== 'changes' || rows === null) return rows;
  const updated = new Map(event.update.map((r) => [r.id, r]));
  const removed = new Set(event.remove);
  return rows.filter((r) => !removed.has(r.id)).map((r) => updated.get(r.id) ?? r);
}

export function EntityCards({ fields, cards, events$, onOpen, label }: EntityCardsProps) {
  const [rows, setRows] = useState<readonly EntityRow[] | null>(null);
  useEffect(() => {
    const subscription = events$.subscribe((event) => setRows((now) => apply(now, event)));
    return () => subscription.unsubscribe();
  }, [events$]);
  const byName = new Map(fields.map((f) => [f.name, f]));
  const title = byName.get(cards.title);
  const subtitle = cards.subtitle === undefined ? undefined : byName.get(cards.subtitle);
  const facts = cards.facts
    .map((name) => byName.get(name))
    .filter((f): f is EntityField => f !== undefined);

  if (rows === null) return null;
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No rows match
      </Text>
    );
  }
  return (
    <Stack gap="xs" role="list" aria-label={label} data-testid="entity-cards">
      {rows.map((row) => {
        const name = (title && cellText(title, row)) || `#${row.id}`;
        return (
          <Paper key={row.id} withBorder p="sm" role="listitem" data-row-id={row.id}>
            <Stack gap={6}>
              <UnstyledButton
                onClick={() => onOpen?.(row)}
                disabled={!onOpen}
                aria-label={`Open ${name}`}
              >
                <Text size="sm" fw={600} c="blue.8" style={{ overflowWrap: 'anywhere' }}>
                  {name}
                </Text>
              </UnstyledButton>
              {subtitle && cellText(subtitle, row) !== '' && (
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {cellText(subtitle, row)}
                </Text>
              )}
              {facts.length > 0 && (
                <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
                  {facts
                    .filter((field) => !quietAlert(field, row))
                    .map((field) => (
                      <Fact key={field.name} label={field.label}>
                        <FactValue field={field} row={row} />
                      </Fact>
                    ))}
                </SimpleGrid>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
