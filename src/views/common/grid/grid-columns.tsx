import { Anchor, Badge, Group, Progress, Text } from '@mantine/core';
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { Link } from 'react-router-dom';
import type { EntityField } from '../../../domain/entity/entity-field.ts';
import { fieldLinkOf } from '../../../domain/entity/field-link.ts';
import { valueLabel } from '../../../domain/entity/value-label.ts';
import { toFlag } from '../../../domain/formats/flag.format.ts';
import { canVisit } from '../../../domain/route-visibility.ts';
import { VERDICT_COLORS } from '../../../domain/status-colors.ts';
import { useUser } from '../../session/use-session.ts';
import { StatusTag } from '../status-tag.tsx';
import { cellText, isNumeric } from './cell-text.ts';
import type { ColumnLayout } from './column-layout.ts';
import { GridHeader } from './grid-header.tsx';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// An entity grid's columns, derived from its declaration's fields and the person's layout:
// headers are the labels, widths and order and visibility come from the layout (else the
// declaration), and each cell is formatted by its field's kind (cell-text.ts).

const DEFAULT_WIDTH = 150;
const MIN_WIDTH = 140;

/** A status cell: the tag a form's bar and a read-only record show, with the field's words. */
function TagCell({
  value,
  field,
}: CustomCellRendererProps<EntityRow, string> & { field: EntityField }) {
  return typeof value === 'string' ? (
    <StatusTag status={value} label={valueLabel(field, value)} size="sm" />
  ) : null;
}

/** A cell that leads to its row's record or list (EntityField `link`), as a link. */
function LinkCell({
  data,
  valueFormatted,
  field,
}: CustomCellRendererProps<EntityRow, unknown> & { field: EntityField }) {
  const user = useUser();
  const to = data ? fieldLinkOf(field, data) : null;
  const text = valueFormatted ?? '';
  // A page the person may not open (an R&D sample from the lab's queue) reads as text, not as
  // a link to a refusal.
  return to && canVisit(to.split(/[?#]/)[0] ?? to, user) ? (
    <Anchor component={Link} to={to} size="sm">
      {text}
    </Anchor>
  ) : (
    text
  );
}

/** A row flagged for attention (an overdue order): the field's word, red like a failed check. */
function AlertCell({
  value,
  field,
}: CustomCellRendererProps<EntityRow, unknown> & { field: EntityField }) {
  return toFlag(value as boolean | number | string | null) ? (
    <Badge color={VERDICT_COLORS.fail} variant="filled" size="sm">
      {field.alert}
    </Badge>
  ) : null;
}

/** A share of 0–100 (EntityField `progress`): a bar with its whole figure beside it. */
function ProgressCell({ value }: CustomCellRendererProps<EntityRow, unknown>) {
  const pct = Math.min(100, Math.max(0, Number(value ?? 0)));
  return (
    <Group gap={6} wrap="nowrap" h="100%">
      <Progress value={pct} flex={1} size="md" aria-label={`${Math.round(pct)} %`} />
      <Text size="xs" w={36} ta="right">
        {Math.round(pct)} %
      </Text>
    </Group>
  );
}

export function gridColumns(
  fields: readonly EntityField[],
  layout: ColumnLayout,
): ColDef<EntityRow>[] {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const hidden = new Set(layout.hidden);
  return layout.order
    .map((name) => byName.get(name))
    .filter((f): f is EntityField => f !== undefined)
    .map((field) => ({
      colId: field.name,
      field: field.name,
      headerName: field.label,
      hide: hidden.has(field.name),
      // Room for the label, the sort arrow and the filter button.
      width: layout.widths[field.name] ?? Math.max(field.width ?? DEFAULT_WIDTH, MIN_WIDTH),
      minWidth: 80,
      resizable: true,
      sortable: false,
      headerComponent: GridHeader,
      valueFormatter: ({ data }) => (data ? cellText(field, data) : ''),
      ...(field.kind === 'enum' && field.tag
        ? { cellRenderer: TagCell, cellRendererParams: { field } }
        : {}),
      ...(field.link ? { cellRenderer: LinkCell, cellRendererParams: { field } } : {}),
      ...(field.kind === 'boolean' && field.alert
        ? { cellRenderer: AlertCell, cellRendererParams: { field } }
        : {}),
      ...(field.progress ? { cellRenderer: ProgressCell } : {}),
      ...(isNumeric(field)
        ? { cellStyle: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }
        : {}),
    }));
}
