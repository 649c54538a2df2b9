import { SimpleGrid, Text } from '@mantine/core';
import { listFields, type EntityDeclaration } from '../../../domain/entity/entity-declaration.ts';
import { cellText } from '../grid/cell-text.ts';
import { StatusTag } from '../status-tag.tsx';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// Some facts of a record in a drawer (an HPLC request, a pending reel): each under the label
// its entity declares and in its field kind's format (docs/product.md §9), exactly as the grid
// shows it, so a date is never the wire's ISO text and a count never carries three decimals.

export interface FieldFactsProps {
  entity: EntityDeclaration;
  /** The fields to show, in order: wire names, or [name, label] where the drawer says it otherwise. */
  names: readonly (string | readonly [string, string])[];
  row: EntityRow;
  columns?: number;
  /** Fields shown as status tags besides those the entity declares as tags (priority, stage). */
  tags?: ReadonlySet<string>;
}

const EMPTY = '—';

/** A column the entity does not declare: text as it is, anything else as nothing. */
const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

export function FieldFacts({ entity, names, row, columns = 2, tags }: FieldFactsProps) {
  const fields = listFields(entity);
  return (
    <SimpleGrid cols={columns} spacing="xs">
      {names.map((shown) => {
        const [name, label] = typeof shown === 'string' ? [shown, undefined] : shown;
        const field = fields.find((f) => f.name === name);
        const text = field ? cellText(field, row) : textOf(row[name]);
        const value = row[name];
        // A status reads as the list shows it: the same tag in the same colour.
        const tagged =
          typeof value === 'string' &&
          value !== '' &&
          ((field?.kind === 'enum' && field.tag === true) || tags?.has(name) === true);
        return (
          <div key={name}>
            <Text size="xs" c="dimmed">
              {label ?? field?.label ?? name}
            </Text>
            {tagged ? (
              <StatusTag status={value} label={text === '' ? undefined : text} size="sm" />
            ) : (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {text === '' ? EMPTY : text}
              </Text>
            )}
          </div>
        );
      })}
    </SimpleGrid>
  );
}
