import { Alert, Badge, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconFileTypeCsv, IconFileTypePdf, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { saveBlob } from '../../../../api/download.ts';
import { errorText } from '../../../../api/error-text.ts';
import { downloadReconciliation } from '../../../../api/stamp-reconciliation.api.ts';
import {
  MONTH_PATTERN,
  monthLabel,
  previousMonth,
  type ReconciliationExportFormat,
} from '../../../../domain/entities/production/stamp-reconciliation.ts';
import { formatDateTime } from '../../../../domain/formats/date.format.ts';
import { notify } from '../../../common/notify.tsx';
import { ReconciliationRows } from './reconciliation-rows.tsx';
import { useStampReconciliation } from './use-stamp-reconciliation.ts';

// stamp-reconciliation (docs/domain/production.md "Monthly stamp reconciliation"): pick a month,
// read each jurisdiction's figures from the reel ledger, type the stamps counted and a reason
// for every difference, save, close the month (read-only from then on) and export it as CSV,
// XLSX or the PDF a licensee files. The month lives in the URL (?month=2026-10); the month
// before this one is offered first, since that is the one being closed.

const thisMonth = () => new Date().toISOString().slice(0, 7);

/** This month and the 35 before it, newest first. */
function monthChoices(): { value: string; label: string }[] {
  const months = [thisMonth()];
  while (months.length < 36) months.push(previousMonth(months.at(-1)!));
  return months.map((value) => ({ value, label: monthLabel(value) }));
}

const EXPORTS: {
  format: ReconciliationExportFormat;
  label: string;
  icon: typeof IconFileTypeCsv;
}[] = [
  { format: 'csv', label: 'CSV', icon: IconFileTypeCsv },
  { format: 'xlsx', label: 'XLSX', icon: IconFileSpreadsheet },
  { format: 'pdf', label: 'PDF', icon: IconFileTypePdf },
];

function ExportButtons({ month }: { month: string }) {
  const [busy, setBusy] = useState<ReconciliationExportFormat | null>(null);
  const download = async (format: ReconciliationExportFormat) => {
    setBusy(format);
    try {
      saveBlob(await downloadReconciliation(month, format));
    } catch (error) {
      notify.error(errorText(error, 'The file could not be downloaded'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs" role="group" aria-label="Export">
      {EXPORTS.map(({ format, label, icon: Icon }) => (
        <Button
          key={format}
          size="xs"
          variant="light"
          leftSection={<Icon size={14} />}
          loading={busy === format}
          onClick={() => void download(format)}
        >
          {`Export ${label}`}
        </Button>
      ))}
    </Group>
  );
}

export function StampReconciliationPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('month') ?? '';
  const month = MONTH_PATTERN.test(asked) ? asked : previousMonth(thisMonth());
  const { reading, drafts, edit, submit, busy, outcome, reload } = useStampReconciliation(month);
  const closed = reading?.status === 'closed';
  const ended = month < thisMonth();
  const flagged = reading?.rows.filter((r) => r.difference !== null && r.difference !== 0) ?? [];
  const save = async (close: boolean) => {
    if (await submit(close)) {
      notify.success(close ? `${monthLabel(month)} is closed` : 'Counts saved');
    }
  };
  return (
    <Stack gap="md" p="md">
      <Paper withBorder p="sm">
        <Group justify="space-between" align="end">
          <Group align="end">
            <Select
              label="Month"
              data={monthChoices()}
              value={month}
              allowDeselect={false}
              searchable
              w={200}
              onChange={(value) => value && setParams({ month: value })}
            />
            {reading && (
              <Badge size="lg" color={closed ? 'gray' : 'blue'} variant="light">
                {closed ? 'Closed' : 'Open'}
              </Badge>
            )}
            {closed && reading && (
              <Text size="sm" c="dimmed">
                {`Closed by ${reading.closed_by_name ?? '—'} on ${formatDateTime(reading.closed_at)}: read-only`}
              </Text>
            )}
            {!closed && flagged.length > 0 && (
              <Text size="sm" c="red">
                {`${flagged.length} difference${flagged.length > 1 ? 's' : ''} to explain`}
              </Text>
            )}
          </Group>
          <ExportButtons month={month} />
        </Group>
      </Paper>
      {outcome.message && (
        <Alert color="red" title="Not saved">
          <Group justify="space-between">
            <Text size="sm">{outcome.message}</Text>
            <Button size="xs" variant="default" onClick={reload}>
              Reload
            </Button>
          </Group>
        </Alert>
      )}
      {reading && (
        <form
          aria-label={`Stamp reconciliation of ${monthLabel(month)}`}
          onSubmit={(event) => {
            event.preventDefault();
            if (!closed) void save(false);
          }}
        >
          <Stack gap="md">
            <ReconciliationRows
              rows={reading.rows}
              drafts={drafts}
              readOnly={closed}
              errors={outcome.errors}
              onEdit={edit}
            />
            {!closed && (
              <Group>
                <Button type="submit" variant="default" loading={busy}>
                  Save counts
                </Button>
                <Button
                  color="red"
                  loading={busy}
                  disabled={!ended}
                  title={ended ? undefined : 'A month closes once it is over'}
                  onClick={() =>
                    notify.confirm(
                      `Close ${monthLabel(month)}?`,
                      'Once closed, its counts and reasons can no longer change.',
                      () => void save(true),
                    )
                  }
                >
                  Close month
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      )}
    </Stack>
  );
}
