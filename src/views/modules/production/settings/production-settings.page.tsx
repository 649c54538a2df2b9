import { Alert, Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { recordNotice } from '../../../../api/result-notice.ts';
import { useCallback, useContext, useEffect, useState } from 'react';
import { fieldErrors } from '../../../../api/api-error.ts';
import { errorText } from '../../../../api/error-text.ts';
import {
  fetchProductionSettings,
  saveProductionSetting,
} from '../../../../api/production-settings.api.ts';
import {
  PRODUCTION_SETTINGS,
  type ProductionSetting,
  type ProductionSettingRow,
  type Shift,
} from '../../../../domain/entities/production/production-settings.ts';
import { formatDateTime } from '../../../../domain/formats/date.format.ts';
import { EntityRequestContext } from '../../../common/entity-form/entity-request.context.ts';
import { showFailure } from '../../../common/entity-form/form-failure.ts';
import { staleNoticeOf } from '../../../common/entity-form/stale-version.ts';
import { notify } from '../../../common/notify.tsx';
import { ShiftsEditor } from './shifts-editor.tsx';

// Production settings (/production/settings, admin): the floor's rules and the reports'
// shifts and KPI targets, each saved on its own with the version it was read at. A refused
// value shows the server's message under its input; someone else's save reloads the screen.

type Loaded =
  | { kind: 'loading' }
  | { kind: 'ready'; rows: ProductionSettingRow[] }
  | { kind: 'failed'; message: string };

export function ProductionSettingsPage() {
  const request = useContext(EntityRequestContext);
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const reload = useCallback(() => {
    fetchProductionSettings(request).then(
      (rows) => setLoaded({ kind: 'ready', rows }),
      (error: unknown) => setLoaded({ kind: 'failed', message: errorText(error) }),
    );
  }, [request]);
  useEffect(reload, [reload]);

  if (loaded.kind === 'failed') {
    return (
      <Alert m="md" color="red" title="The settings could not be read">
        {loaded.message}
      </Alert>
    );
  }
  const rows = loaded.kind === 'ready' ? loaded.rows : [];
  const group = (name: ProductionSetting['group']) =>
    PRODUCTION_SETTINGS.filter((s) => s.group === name).map((setting) => {
      const row = rows.find((r) => r.key === setting.key);
      return row ? (
        <SettingCard
          key={`${row.key}:${row.version}`}
          setting={setting}
          row={row}
          onSaved={reload}
        />
      ) : null;
    });
  return (
    <Stack gap="md" p="md" maw={760}>
      <Title order={3}>Production Settings</Title>
      <Title order={5}>Floor rules</Title>
      {group('production')}
      <Title order={5}>Reports</Title>
      {group('report')}
    </Stack>
  );
}

function SettingCard({
  setting,
  row,
  onSaved,
}: {
  setting: ProductionSetting;
  row: ProductionSettingRow;
  onSaved: () => void;
}) {
  const request = useContext(EntityRequestContext);
  const [value, setValue] = useState<unknown>(row.value);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const changed = JSON.stringify(value) !== JSON.stringify(row.value);

  async function save() {
    setBusy(true);
    setError(null);
    try {
      await saveProductionSetting(request, row, value);
      notify.result(recordNotice('Setting', { name: setting.label }, 'saved'));
      onSaved();
    } catch (failure) {
      const message = fieldErrors(failure).value;
      if (message) setError(message);
      else showFailure(failure, false);
      if (staleNoticeOf(failure)) onSaved();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder p="sm" data-setting={setting.key}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} style={{ flex: 1 }}>
          <Text fw={600}>{setting.label}</Text>
          <Text size="xs" c="dimmed">
            {setting.help}
          </Text>
          {setting.kind === 'shifts' ? (
            <ShiftsEditor value={value as Shift[]} onChange={setValue} />
          ) : (
            <NumberInput
              aria-label={setting.label}
              value={typeof value === 'number' ? value : ''}
              onChange={(next) => setValue(next === '' ? null : Number(next))}
              decimalScale={setting.precision}
              rightSection={<Text size="xs">{setting.unit}</Text>}
              rightSectionWidth={56}
              placeholder={setting.kind === 'target' ? 'No target' : undefined}
              w={220}
            />
          )}
          {error && (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {row.version === 0
              ? 'Never saved: the value shown is what the rules use.'
              : `Saved${row.updated_by_name ? ` by ${row.updated_by_name}` : ''} at ${formatDateTime(row.updated_at)}`}
          </Text>
        </Stack>
        <Button size="xs" onClick={() => void save()} loading={busy} disabled={!changed}>
          Save
        </Button>
      </Group>
    </Paper>
  );
}
