import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
  useMantineTheme,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  COUNTED_QTY,
  STOCK_COUNTS,
  type StockCountLineRow,
} from '../../../domain/entities/stock/stock-counts.entity.ts';
import type { EntityField } from '../../../domain/entity/entity-field.ts';
import { formatInteger } from '../../../domain/formats/number.format.ts';
import { allowedStockCountActions } from '../../../machines/workflows/stock-count.machine.ts';
import type {
  ActionState,
  WorkflowDoc,
  WorkflowUser,
} from '../../../machines/workflows/document-workflow.ts';
import { DocumentActions } from '../../common/entity/document-actions.tsx';
import { recordIdOf } from '../../common/entity-form/entity-form-page.tsx';
import { StaleVersionDialog } from '../../common/entity-form/stale-version-dialog.tsx';
import { useUnsavedGuard } from '../../common/entity-form/unsaved-guard.ts';
import { cellText } from '../../common/grid/cell-text.ts';
import { NumberField } from '../../common/inputs/number-field.tsx';
import { StatusTag } from '../../common/status-tag.tsx';
import {
  lineText as text,
  SheetLinesCards,
  SheetLinesTable,
  type SheetColumns,
} from './count-sheet-lines.tsx';
import { useCountSheet, type CountSheet } from './use-count-sheet.ts';
import { countMoves } from './stock-moves.ts';

// The counting sheet of a stock count (/inventory/stock-count/:id/sheet): one row per line
// the count's start snapshotted, one quantity input per row (count-sheet-lines.tsx: a table, or cards on a phone). Made for a counter with a
// keyboard: the cursor starts on the first line not counted, Enter goes to the next line (from
// the last to Save), Ctrl+S saves. A blind count shows no system quantity until it is
// submitted (the server leaves it out); the recount round writes recounts.

/** Says which line an input counts, for a screen reader and for tests. */
function lineLabel(line: StockCountLineRow, round: string): string {
  const where = [
    line.lot_no && `lot ${text(line.lot_no)}`,
    line.bin_code && `bin ${text(line.bin_code)}`,
  ]
    .filter(Boolean)
    .join(', ');
  return `${round} ${text(line.product_sku)}${where ? ` (${where})` : ''}`;
}

/** The count's variance in CAD, as review weighs it before approving. */
const VARIANCE_VALUE = STOCK_COUNTS.fields.find((f) => f.name === 'variance_value') as EntityField;

const SAVE_FIRST = 'Save the counts first';
const COUNT_ALL = 'Count every line first';

export function StockCountSheetPage() {
  const id = recordIdOf(useParams().id);
  if (!id) return <Alert color="red">There is no stock count at this address.</Alert>;
  return <CountSheetView key={id} id={id} />;
}

function CountSheetView({ id }: { id: number }) {
  // The action bar reads the count itself: it reads again after every save and every event.
  const [generation, setGeneration] = useState(0);
  const sheet = useCountSheet(id, () => setGeneration((g) => g + 1));
  useUnsavedGuard(sheet.isDirty);
  const dirty = sheet.changed > 0;
  // An event on a count with unsaved counts would leave them behind: save first.
  // Submitting needs every line counted (the server checks it too).
  const allowed = (doc: WorkflowDoc, user: WorkflowUser): ActionState[] =>
    allowedStockCountActions(doc, user).map((action) => {
      if (!action.allowed) return action;
      if (dirty) return { ...action, allowed: false, reason: SAVE_FIRST };
      if (action.event === 'submit' && sheet.counted < sheet.lines.length) {
        return { ...action, allowed: false, reason: COUNT_ALL };
      }
      return action;
    });

  if (sheet.load.kind === 'loading') {
    return (
      <Group justify="center" p="xl">
        <Loader role="status" aria-label="Loading" />
      </Group>
    );
  }
  if (sheet.load.kind === 'failed' || !sheet.doc) {
    return (
      <Alert color="red" title="The stock count could not be read">
        <Text size="sm">{sheet.load.kind === 'failed' ? sheet.load.message : ''}</Text>
        <Button mt="sm" size="xs" variant="light" onClick={sheet.retry}>
          Retry
        </Button>
      </Alert>
    );
  }
  const { doc } = sheet;
  const total = sheet.lines.length;
  return (
    <Paper p="md" withBorder>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4}>
            <Title order={3}>Count sheet {doc.number ?? ''}</Title>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {text(doc.location_name)}
              </Text>
              {doc.blind ? (
                <Badge variant="outline" color="gray" tt="none">
                  Blind count
                </Badge>
              ) : null}
              {sheet.column === 'recount' && <StatusTag status="recount" label="Recount round" />}
            </Group>
          </Stack>
          <Button
            component={Link}
            to={`/inventory/stock-count/${doc.id}`}
            variant="default"
            size="xs"
            leftSection={<IconArrowLeft size={14} />}
          >
            Open count
          </Button>
        </Group>

        <DocumentActions
          key={generation}
          entity={STOCK_COUNTS}
          doc={doc}
          allowed={allowed}
          moves={countMoves}
          onDone={() => {
            setGeneration((g) => g + 1);
            sheet.retry();
          }}
        />

        {!sheet.column && (
          <Alert color="yellow" variant="light">
            This count is {(doc.status ?? '').replaceAll('_', ' ')}: the sheet takes counts while a
            count is in progress or in its recount round.
          </Alert>
        )}

        <Stack gap={4}>
          <Text size="sm" fw={500} data-testid="sheet-progress" aria-live="polite">
            {formatInteger(sheet.counted)} of {formatInteger(total)} counted
          </Text>
          <Progress
            value={total === 0 ? 0 : (sheet.counted / total) * 100}
            color={sheet.counted === total ? 'green' : 'blue'}
            size="sm"
            aria-label="Counted lines"
          />
        </Stack>

        {sheet.conflicts.length > 0 && (
          <Alert color="yellow" title="Counted meanwhile by someone else">
            <Text size="sm">
              Your counts are kept on the sheet; saving replaces theirs. Theirs:
            </Text>
            {sheet.conflicts.map(({ line, theirs }) => (
              <Text size="sm" key={line.id}>
                {lineLabel(line, 'Line')}: {theirs ?? 'not counted'}
              </Text>
            ))}
          </Alert>
        )}

        {doc.variance_value !== null && doc.variance_value !== undefined && !sheet.column && (
          <Text size="sm" fw={600} data-testid="count-variance">
            Variance of the count: {cellText(VARIANCE_VALUE, doc) || '—'}
          </Text>
        )}

        {total === 0 ? (
          <Text c="dimmed" size="sm">
            No lines: nothing in the count&apos;s scope had stock when it started.
          </Text>
        ) : (
          <SheetTable sheet={sheet} />
        )}
      </Stack>
      <StaleVersionDialog
        notice={sheet.stale}
        onReload={sheet.reloadStale}
        onCancel={sheet.dismissStale}
      />
    </Paper>
  );
}

function SheetTable({ sheet }: { sheet: CountSheet }) {
  const { lines, column, doc } = sheet;
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const saveButton = useRef<HTMLButtonElement>(null);
  const round = column === 'recount' ? 'Recount' : 'Counted';
  const columns: SheetColumns = {
    round,
    system: lines.some((l) => l.snapshot_qty !== null && l.snapshot_qty !== undefined),
    variance: lines.some((l) => l.variance_qty !== null && l.variance_qty !== undefined),
    // A blind recount shows no first count either: the recount is meant to stand on its own.
    first: column === 'recount' && !doc?.blind,
  };
  // A phone gets one card per line: read at once, so the cursor lands in the layout shown.
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`, false, {
    getInitialValueInEffect: false,
  });
  const Lines = phone ? SheetLinesCards : SheetLinesTable;

  // The cursor starts where counting stops: the first line without a quantity.
  useEffect(() => {
    if (!column) return;
    const first = lines.findIndex((line) => sheet.valueOf(line) === '');
    inputs.current[first === -1 ? 0 : first]?.focus();
    // Once per sheet read, not on every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    if (event.key !== 'Enter' || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const next = inputs.current[index + 1];
    if (next) {
      next.focus();
      next.select();
    } else saveButton.current?.focus();
  };

  const onSheetKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      sheet.save();
    }
  };

  const input = (line: StockCountLineRow, index: number) => (
    <NumberField
      ref={(el) => {
        inputs.current[index] = el;
      }}
      size={phone ? 'sm' : 'xs'}
      precision={COUNTED_QTY.precision}
      min={COUNTED_QTY.min}
      hideControls
      aria-label={lineLabel(line, round)}
      value={sheet.valueOf(line)}
      onChange={(value) => sheet.type(line, value)}
      onKeyDown={(event) => onKeyDown(event, index)}
      onFocus={(event) => event.currentTarget.select()}
      error={sheet.errorOf(line) || undefined}
      disabled={!column}
    />
  );

  return (
    <Stack gap="sm" onKeyDown={onSheetKeyDown}>
      <Lines lines={lines} columns={columns} input={input} />
      {column && (
        <Group justify="flex-end" gap="sm">
          {sheet.changed > 0 && (
            <Text size="sm" c="dimmed">
              {sheet.changed} unsaved
            </Text>
          )}
          <Button
            ref={saveButton}
            onClick={sheet.save}
            loading={sheet.saving}
            disabled={sheet.changed === 0}
            leftSection={<IconDeviceFloppy size={16} />}
            title="Ctrl+S"
          >
            Save counts
          </Button>
        </Group>
      )}
    </Stack>
  );
}
