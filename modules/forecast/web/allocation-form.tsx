import { Alert, Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { fieldErrors, fieldMessage } from '../../../src/api/api-error.ts';
import {
  FORECAST_ALLOCATIONS,
  type ForecastAllocationRow,
} from '../shared/entities/forecast-allocations.entity.ts';
import { rowOf } from '../../../src/domain/entity/row-of.ts';
import { formatInteger } from '../../../src/domain/formats/number.format.ts';
import { useFollowedRecord } from '../../../src/views/common/entity/use-followed-record.ts';
import { useEntityApi } from '../../../src/views/common/entity-form/entity-request.context.ts';
import { changesBetween } from '../../../src/views/common/entity-form/record-change.ts';
import { RecordChangedNotice } from '../../../src/views/common/entity-form/record-changed-notice.tsx';
import { StaleVersionDialog } from '../../../src/views/common/entity-form/stale-version-dialog.tsx';
import {
  staleNoticeOf,
  type StaleNotice,
} from '../../../src/views/common/entity-form/stale-version.ts';
import { notify } from '../../../src/views/common/notify.tsx';

// One allocation's edit (docs/domain/forecast.md §11): its forecast, with the reason asked for as
// soon as it differs from the computed one, and its share of the family. The server holds the
// family to 100 % (`more100%`) and says so under the share; an open period's rows only. The
// allocation is followed live as every record page is (use-followed-record.ts): someone else's
// change shows at once while nothing is typed, and is held and described while something is; a
// save on the version read before it says what it changed.

const numberOr = (value: unknown, fallback: number | '') =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

type Typed = { forecast: number | ''; reason: string; share: number | '' };

const typedOf = (row: ForecastAllocationRow): Typed => ({
  forecast: numberOr(row.forecast_units, 0),
  reason: row.override_reason ?? '',
  share: numberOr(row.allocation_pct, ''),
});

const sameTyped = (a: Typed, b: Typed) =>
  a.forecast === b.forecast && a.reason === b.reason && a.share === b.share;

export function AllocationForm({
  row: opened,
  onClose,
}: {
  row: ForecastAllocationRow;
  onClose: (saved: ForecastAllocationRow | null) => void;
}) {
  const api = useEntityApi(FORECAST_ALLOCATIONS);
  // The allocation as last read; what is typed is compared with it.
  const [row, setRow] = useState(opened);
  const [typed, setTyped] = useState<Typed>(() => typedOf(opened));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState<StaleNotice | null>(null);
  const [saving, setSaving] = useState(false);
  const state = useRef({ row, typed, saving });
  state.current = { row, typed, saving };
  const { forecast, reason, share } = typed;
  const type = (change: Partial<Typed>) => setTyped((t) => ({ ...t, ...change }));
  /** Shows `fresh`, with what was typed kept on top of it, or its own values when none was. */
  const take = (fresh: ForecastAllocationRow) => {
    const mine = state.current.typed;
    const before = typedOf(state.current.row);
    const theirs = typedOf(fresh);
    setRow(fresh);
    setTyped({
      forecast: mine.forecast === before.forecast ? theirs.forecast : mine.forecast,
      reason: mine.reason === before.reason ? theirs.reason : mine.reason,
      share: mine.share === before.share ? theirs.share : mine.share,
    });
  };
  const followed = useFollowedRecord({
    entity: FORECAST_ALLOCATIONS,
    id: opened.id,
    held: () => state.current.row,
    dirty: () => !sameTyped(state.current.typed, typedOf(state.current.row)),
    busy: () => state.current.saving,
    show: (fresh) => take(rowOf(FORECAST_ALLOCATIONS, fresh)),
  });
  const open = row.period_status === 'open';
  const overridden = forecast !== '' && forecast !== (row.default_units ?? 0);

  async function save() {
    if (overridden && reason.trim() === '') {
      setErrors({ override_reason: 'required' });
      return;
    }
    setSaving(true);
    try {
      const saved = rowOf(
        FORECAST_ALLOCATIONS,
        await api.update(row.id, row.version, {
          forecast_units: forecast === '' ? 0 : forecast,
          override_reason: overridden ? reason.trim() : null,
          allocation_pct: share === '' ? null : share,
        }),
      );
      notify.success(
        `${String(row.product_sku)}: forecast ${formatInteger(saved.forecast_units)} units`,
        'Forecast saved',
      );
      onClose(saved);
    } catch (error) {
      const notice = staleNoticeOf(error);
      if (notice) {
        explainStale(notice);
        return;
      }
      const fields = fieldErrors(error);
      setErrors(fields);
      setFailure(Object.keys(fields).length > 0 ? null : 'The forecast was not saved.');
    } finally {
      setSaving(false);
    }
  }

  /** Someone saved it since it was read: say what their save changed, once it is read. */
  function explainStale(notice: StaleNotice) {
    setStale(notice);
    const before = state.current.row;
    api.get(before.id).then(
      (fresh) =>
        setStale((shown) =>
          shown === notice
            ? { ...notice, changes: changesBetween(FORECAST_ALLOCATIONS, before, fresh) }
            : shown,
        ),
      () => undefined,
    );
  }

  /** Takes the saved version, the typed values kept on top of it. */
  async function reload() {
    setStale(null);
    followed.dismiss();
    take(rowOf(FORECAST_ALLOCATIONS, followed.incoming?.row ?? (await api.get(row.id))));
  }

  return (
    <Modal
      opened
      onClose={() => onClose(null)}
      title={`Forecast of ${String(row.product_sku)} at ${row.location_name || 'every centre'}`}
    >
      <Stack gap="sm">
        <RecordChangedNotice
          incoming={followed.incoming}
          onReload={() => void reload()}
          onKeepEditing={followed.dismiss}
        />
        <Text size="sm" c="dimmed">
          {formatInteger(row.history_units)} units shipped in the history window; computed forecast{' '}
          {formatInteger(row.default_units)} units.
        </Text>
        {!open && (
          <Alert color="gray">
            This period is {String(row.period_status)}: its forecast is read-only.
          </Alert>
        )}
        <NumberInput
          label="Forecast units"
          data-autofocus
          min={0}
          allowDecimal={false}
          thousandSeparator=","
          value={forecast}
          disabled={!open}
          onChange={(value) => type({ forecast: typeof value === 'number' ? value : '' })}
          error={fieldMessage(errors, 'forecast_units') || undefined}
        />
        <TextInput
          label="Override reason"
          required={overridden}
          value={reason}
          disabled={!open || !overridden}
          onChange={(e) => type({ reason: e.currentTarget.value })}
          error={fieldMessage(errors, 'override_reason') || undefined}
        />
        <NumberInput
          label="Share of family %"
          min={0}
          max={100}
          decimalScale={2}
          value={share}
          disabled={!open}
          onChange={(value) => type({ share: typeof value === 'number' ? value : '' })}
          error={fieldMessage(errors, 'allocation_pct') || undefined}
        />
        {failure && <Alert color="red">{failure}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(null)}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={saving} disabled={!open}>
            Save
          </Button>
        </Group>
      </Stack>
      <StaleVersionDialog
        notice={stale}
        onReload={() => void reload()}
        onCancel={() => setStale(null)}
      />
    </Modal>
  );
}
