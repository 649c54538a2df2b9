import { Alert, Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { fieldErrors, fieldMessage, isApiError } from '../../../api/api-error.ts';
import type { EntityRow } from '../../../api/entity.api.ts';
import { FORECAST_ALLOCATIONS } from '../../../domain/entities/forecast/forecast-allocations.entity.ts';
import { formatInteger } from '../../../domain/formats/number.format.ts';
import { useEntityApi } from '../../common/entity-form/entity-request.context.ts';
import { notify } from '../../common/notify.tsx';

// One allocation's edit (docs/domain/forecast.md §11): its forecast, with the reason asked for as
// soon as it differs from the computed one, and its share of the family. The server holds the
// family to 100 % (`more100%`) and says so under the share; an open period's rows only.

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

const numberOr = (value: unknown, fallback: number | '') =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

export function AllocationForm({
  row,
  onClose,
}: {
  row: EntityRow;
  onClose: (saved: EntityRow | null) => void;
}) {
  const api = useEntityApi(FORECAST_ALLOCATIONS);
  const [forecast, setForecast] = useState<number | ''>(numberOr(row.forecast_units, 0));
  const [reason, setReason] = useState(textOf(row.override_reason));
  const [share, setShare] = useState<number | ''>(numberOr(row.allocation_pct, ''));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const open = row.period_status === 'open';
  const overridden = forecast !== '' && forecast !== Number(row.default_units);

  async function save() {
    if (overridden && reason.trim() === '') {
      setErrors({ override_reason: 'required' });
      return;
    }
    setSaving(true);
    try {
      const saved = await api.update(row.id, row.version, {
        forecast_units: forecast === '' ? 0 : forecast,
        override_reason: overridden ? reason.trim() : null,
        allocation_pct: share === '' ? null : share,
      });
      notify.success(
        `${String(row.product_sku)}: forecast ${formatInteger(saved.forecast_units as number)} units`,
        'Forecast saved',
      );
      onClose(saved);
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors(fields);
      setFailure(
        Object.keys(fields).length > 0
          ? null
          : isApiError(error) && error.code === 'stale_version'
            ? 'Someone changed this allocation meanwhile: close and open it again.'
            : 'The forecast was not saved.',
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      opened
      onClose={() => onClose(null)}
      title={`Forecast of ${String(row.product_sku)} at ${textOf(row.location_name) || 'every centre'}`}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {formatInteger(row.history_units as number)} units shipped in the history window; computed
          forecast {formatInteger(row.default_units as number)} units.
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
          onChange={(value) => setForecast(typeof value === 'number' ? value : '')}
          error={fieldMessage(errors, 'forecast_units') || undefined}
        />
        <TextInput
          label="Override reason"
          required={overridden}
          value={reason}
          disabled={!open || !overridden}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={fieldMessage(errors, 'override_reason') || undefined}
        />
        <NumberInput
          label="Share of family %"
          min={0}
          max={100}
          decimalScale={2}
          value={share}
          disabled={!open}
          onChange={(value) => setShare(typeof value === 'number' ? value : '')}
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
    </Modal>
  );
}
