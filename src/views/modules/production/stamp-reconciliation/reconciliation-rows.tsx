import { ActionIcon, Badge, Table, Text, TextInput } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import {
  FIGURE_COLUMNS,
  type ReconciliationRow,
} from '../../../../domain/entities/production/stamp-reconciliation.ts';
import { formatInteger } from '../../../../domain/formats/number.format.ts';
import { NumberField } from '../../../common/inputs/number-field.tsx';
import { ReconciliationDetail } from './reconciliation-detail.tsx';
import type { Draft, Drafts } from './use-stamp-reconciliation.ts';

// The month's jurisdictions, one row each: the figures from the ledger, the counted stock, the
// difference (flagged when not zero) and its reason; a row opens to the reels and orders that
// make up its book. Counts and reasons are typed in place, in tab order, while the month is open.

const signed = (n: number) => (n > 0 ? `+${formatInteger(n)}` : formatInteger(n));

function Difference({ value }: { value: number | null }) {
  if (value === null)
    return (
      <Text c="dimmed" size="sm">
        Not counted
      </Text>
    );
  if (value === 0)
    return (
      <Text c="green" fw={600} size="sm">
        Matches
      </Text>
    );
  return (
    <Badge color="red" variant="filled" aria-label={`Difference ${signed(value)}`}>
      {signed(value)}
    </Badge>
  );
}

type Props = {
  rows: readonly ReconciliationRow[];
  drafts: Drafts;
  readOnly: boolean;
  errors: Record<string, string>;
  onEdit: (id: number, change: Partial<Draft>) => void;
};

export function ReconciliationRows({ rows, drafts, readOnly, errors, onEdit }: Props) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((all) => {
      const next = new Set(all);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  if (rows.length === 0) {
    return <Text c="dimmed">No stamps on hand and no reel movements in this month.</Text>;
  }
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table
        striped
        withTableBorder
        verticalSpacing="xs"
        horizontalSpacing={6}
        fz="sm"
        aria-label="Stamp reconciliation"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th>Jurisdiction</Table.Th>
            {FIGURE_COLUMNS.map((c) => (
              <Table.Th key={c.key} ta="right">
                {c.label}
              </Table.Th>
            ))}
            <Table.Th w={100}>Counted</Table.Th>
            <Table.Th>Difference</Table.Th>
            <Table.Th miw={220}>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const id = row.stamp_jurisdiction_id;
            const draft = drafts[id];
            const counted = draft ? draft.counted : (row.counted ?? '');
            const difference = counted === '' ? null : counted - row.closing;
            const reason = draft ? draft.reason : (row.reason ?? '');
            const expanded = open.has(id);
            const name = row.jurisdiction_name;
            return (
              <Fragment key={id}>
                <Table.Tr>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Reels and orders of ${name}`}
                      aria-expanded={expanded}
                      onClick={() => toggle(id)}
                    >
                      {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                    </ActionIcon>
                  </Table.Td>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {row.jurisdiction_code}
                    </Text>
                  </Table.Td>
                  {FIGURE_COLUMNS.map((c) => (
                    <Table.Td key={c.key} ta="right" fw={c.key === 'closing' ? 700 : undefined}>
                      {formatInteger(row[c.key])}
                    </Table.Td>
                  ))}
                  <Table.Td>
                    {readOnly ? (
                      <Text size="sm" ta="right" aria-label={`Counted ${name}`}>
                        {counted === '' ? '—' : formatInteger(counted)}
                      </Text>
                    ) : (
                      <NumberField
                        aria-label={`Counted ${name}`}
                        size="xs"
                        w={92}
                        hideControls
                        min={0}
                        value={counted}
                        error={errors[`counts.${id}.counted`]}
                        onChange={(value) =>
                          onEdit(id, { counted: typeof value === 'number' ? value : '' })
                        }
                      />
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Difference value={difference} />
                  </Table.Td>
                  <Table.Td>
                    {/* A closed month's reason is read whole, as it was filed. */}
                    {readOnly ? (
                      <Text size="sm" aria-label={`Reason for ${name}`}>
                        {reason || '—'}
                      </Text>
                    ) : (
                      <TextInput
                        aria-label={`Reason for ${name}`}
                        size="xs"
                        maxLength={500}
                        placeholder={difference ? 'Why the count differs' : ''}
                        value={reason}
                        error={errors[`counts.${id}.reason`]}
                        onChange={(event) => onEdit(id, { reason: event.currentTarget.value })}
                      />
                    )}
                  </Table.Td>
                </Table.Tr>
                {expanded && (
                  <Table.Tr>
                    <Table.Td colSpan={FIGURE_COLUMNS.length + 5}>
                      <ReconciliationDetail row={row} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
