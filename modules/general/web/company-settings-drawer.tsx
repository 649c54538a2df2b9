import { Alert, Button, Drawer, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useContext, useState } from 'react';
import { fieldErrors, fieldMessage, isApiError } from '../../../src/api/api-error.ts';
import { COMPANY_FIELDS } from '../shared/entities/company-setting.ts';
import { SETTINGS, type SettingRow } from '../shared/entities/settings.entity.ts';
import { EntityRequestContext } from '../../../src/views/common/entity-form/entity-request.context.ts';
import { FieldInputs } from '../../../src/views/common/entity-form/field-input.tsx';
import {
  fieldRule,
  formValuesOf,
  payloadOf,
} from '../../../src/views/common/entity-form/form-values.ts';
import { showFailure } from '../../../src/views/common/entity-form/form-failure.ts';
import { staleNoticeOf } from '../../../src/views/common/entity-form/stale-version.ts';
import { confirmDiscard } from '../../../src/views/common/entity-form/unsaved-guard.ts';
import { notify } from '../../../src/views/common/notify.tsx';

// The company's particulars (setting general.company) as a form of labelled fields: the
// setting's value is one object, which the server checks field by field and answers with
// `value.<field>` codes, shown under their inputs. Saved with the version read, like any form.

const PREFIX = 'value.';

function valueOf(row: SettingRow): Record<string, unknown> {
  const value = row.value;
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export function CompanySettingsDrawer({ row, onClose }: { row: SettingRow; onClose: () => void }) {
  const request = useContext(EntityRequestContext);
  const [saving, setSaving] = useState(false);
  const [stale, setStale] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: formValuesOf(COMPANY_FIELDS, valueOf(row)),
    validate: Object.fromEntries(COMPANY_FIELDS.map((f) => [f.name, fieldRule(f)])),
    validateInputOnBlur: true,
  });
  const close = () => confirmDiscard(form.isDirty(), onClose);

  const save = async (values: Record<string, unknown>) => {
    setSaving(true);
    try {
      await request<SettingRow>({
        url: `${SETTINGS.api.replace(/^\/api\//, '')}/${row.id}`,
        method: 'PUT',
        data: {
          value: { ...valueOf(row), ...payloadOf(COMPANY_FIELDS, values) },
          version: row.version,
        },
        quiet: true,
      });
      notify.success('Company settings saved');
      onClose();
    } catch (error) {
      if (staleNoticeOf(error)) {
        setStale(true);
        return;
      }
      if (isApiError(error) && error.code === 'validation_error') {
        const codes = fieldErrors(error);
        form.setErrors(
          Object.fromEntries(
            Object.keys(codes)
              .filter((field) => field.startsWith(PREFIX))
              .map((field) => [field.slice(PREFIX.length), fieldMessage(codes, field)]),
          ),
        );
      }
      showFailure(error, true);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      opened
      onClose={close}
      position="right"
      size="md"
      title="Company settings"
      closeOnEscape
    >
      <form onSubmit={form.onSubmit((values) => void save(values))} noValidate>
        <Stack>
          {stale && (
            <Alert color="orange" title="Saved by someone else meanwhile">
              Close and open the settings again to edit what is saved now.
            </Alert>
          )}
          <FieldInputs fields={COMPANY_FIELDS} form={form} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} disabled={stale}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
