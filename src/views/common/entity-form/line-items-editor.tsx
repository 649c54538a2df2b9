import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  useMantineTheme,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { writableLineFields, type LineItems } from '../../../domain/entity/line-fields.ts';
import { FieldInput } from './field-input.tsx';
import { newLine, type FormValues } from './form-values.ts';

// The lines of a document as a small spreadsheet: one row per line, one cell per line field,
// bound to the form at `lines.3.qty` so the server's errors for that path land in that cell.
// Keyboard: Enter moves to the next cell (then the first cell of the next line), Ctrl+Enter
// adds a line and puts the cursor in its first cell. An open picker keeps Enter for itself.
// On a phone (under the sm breakpoint) a table of ten columns would scroll sideways out of
// reach, so each line is a card of its fields one under the other, same cells, same keys.

export interface LineItemsEditorProps {
  lines: LineItems;
  form: UseFormReturnType<FormValues>;
  /** A document past draft: the lines are shown, not edited (no add, no remove). */
  readOnly?: boolean;
}

/** Cells keep their declared widths; a wide document scrolls sideways instead of squeezing. */
const DEFAULT_CELL_WIDTH = 140;
const INDEX_WIDTH = 40;

type Cell = { row: number; col: number };

/** One line, and under it a message about the whole line (`lines.3`: a business rule). */
function LineRow({
  error,
  span,
  children,
}: {
  error: ReactNode;
  span: number;
  children: ReactNode;
}) {
  return (
    <>
      <Table.Tr>{children}</Table.Tr>
      {error && (
        <Table.Tr>
          <Table.Td colSpan={span}>
            <Text size="sm" c="red">
              {error}
            </Text>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

/** The lines as cards, one field under the other, each labelled (a phone's layout). */
function LineCards({
  lines,
  fields,
  form,
  readOnly,
}: {
  lines: LineItems;
  fields: ReturnType<typeof writableLineFields>;
  form: UseFormReturnType<FormValues>;
  readOnly: boolean;
}) {
  const rows = (form.getValues()[lines.name] as FormValues[] | undefined) ?? [];
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {readOnly ? 'No lines.' : 'No lines yet. Add line adds one.'}
      </Text>
    );
  }
  return (
    <Stack gap="sm" aria-label={lines.label}>
      {rows.map((line, row) => (
        <Paper
          key={typeof line._key === 'string' ? line._key : row}
          withBorder
          p="sm"
          role="group"
          aria-label={`Line ${row + 1}`}
          data-line-card={row}
        >
          <Group justify="space-between" mb={4}>
            <Text fw={600} size="sm">
              Line {row + 1}
            </Text>
            {!readOnly && (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove line ${row + 1}`}
                onClick={() => form.removeListItem(lines.name, row)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
          <Stack gap={6}>
            {fields.map((f, col) => (
              <div key={f.name} data-line-cell={`${row}.${col}`}>
                <Text size="sm" fw={500} mb={2} aria-hidden>
                  {f.label}
                  {f.required ? ' *' : ''}
                </Text>
                <FieldInput
                  field={{ ...f, label: `${f.label} (line ${row + 1})` }}
                  form={form}
                  path={`${lines.name}.${row}.${f.name}`}
                  hideLabel
                />
              </div>
            ))}
          </Stack>
          {form.errors[`${lines.name}.${row}`] && (
            <Text size="sm" c="red" mt={4}>
              {form.errors[`${lines.name}.${row}`]}
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

export function LineItemsEditor({ lines, form, readOnly = false }: LineItemsEditorProps) {
  const fields = writableLineFields(lines).filter((f) => !f.ownInput);
  const rows = (form.getValues()[lines.name] as FormValues[] | undefined) ?? [];
  const table = useRef<HTMLDivElement>(null);
  const theme = useMantineTheme();
  // Read at once, so the cursor of a new line lands in the layout shown.
  const phone = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`, false, {
    getInitialValueInEffect: false,
  });
  const pendingFocus = useRef<Cell | null>(null);

  const focusCell = ({ row, col }: Cell): boolean => {
    const cell = table.current?.querySelector(`[data-line-cell="${row}.${col}"]`);
    const input = cell?.querySelector<HTMLElement>(
      'input:not([type=hidden]), textarea, button, [tabindex]',
    );
    input?.focus();
    return Boolean(input);
  };

  useEffect(() => {
    if (pendingFocus.current && focusCell(pendingFocus.current)) pendingFocus.current = null;
  });

  const addLine = () => {
    pendingFocus.current = { row: rows.length, col: 0 };
    form.insertListItem(lines.name, newLine(lines.fields));
  };

  const minWidth =
    INDEX_WIDTH * 2 + fields.reduce((sum, f) => sum + (f.width ?? DEFAULT_CELL_WIDTH), 0);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || readOnly) return;
    if (event.ctrlKey || event.metaKey) {
      event.preventDefault();
      addLine();
      return;
    }
    const target = event.target as HTMLElement;
    if (target.tagName === 'TEXTAREA' || target.getAttribute('aria-expanded') === 'true') return;
    const at = target.closest<HTMLElement>('[data-line-cell]')?.dataset.lineCell;
    if (!at) return;
    event.preventDefault();
    const [row = 0, col = 0] = at.split('.').map(Number);
    const next = col + 1 < fields.length ? { row, col: col + 1 } : { row: row + 1, col: 0 };
    focusCell(next);
  };

  return (
    <div ref={table} onKeyDown={onKeyDown}>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{lines.label}</Text>
        {!readOnly && (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={addLine}
            // Keeps the focus where it is until the click lands: a blur message above would
            // otherwise push the button away between mouse down and up.
            onMouseDown={(event) => event.preventDefault()}
            title="Ctrl+Enter"
          >
            Add line
          </Button>
        )}
      </Group>
      {phone ? (
        <LineCards lines={lines} fields={fields} form={form} readOnly={readOnly} />
      ) : (
        <Table.ScrollContainer minWidth={minWidth}>
          <Table withTableBorder verticalSpacing={4} aria-label={lines.label}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={INDEX_WIDTH}>#</Table.Th>
                {fields.map((f) => (
                  <Table.Th key={f.name} w={f.width}>
                    {f.label}
                    {f.required ? ' *' : ''}
                  </Table.Th>
                ))}
                <Table.Th w={INDEX_WIDTH} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={fields.length + 2}>
                    <Text size="sm" c="dimmed">
                      {readOnly ? 'No lines.' : 'No lines yet. Ctrl+Enter adds one.'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {rows.map((line, row) => (
                <LineRow
                  key={typeof line._key === 'string' ? line._key : row}
                  error={form.errors[`${lines.name}.${row}`]}
                  span={fields.length + 2}
                >
                  <Table.Td>{row + 1}</Table.Td>
                  {fields.map((f, col) => (
                    <Table.Td key={f.name} data-line-cell={`${row}.${col}`}>
                      <FieldInput
                        field={{ ...f, label: `${f.label} (line ${row + 1})` }}
                        form={form}
                        path={`${lines.name}.${row}.${f.name}`}
                        hideLabel
                      />
                    </Table.Td>
                  ))}
                  <Table.Td>
                    {!readOnly && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove line ${row + 1}`}
                        onClick={() => form.removeListItem(lines.name, row)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    )}
                  </Table.Td>
                </LineRow>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </div>
  );
}
