import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useContext, useState } from 'react';
import type { RdProjectRow } from '../shared/entities/rd-projects.entity.ts';
import { RD_SAMPLES, type RdSampleRow } from '../shared/entities/rd-samples.entity.ts';
import type { EntityField } from '../../../src/domain/entity/entity-field.ts';
import { RD_PROJECT_SAMPLING } from '../shared/machines/rd-project.machine.ts';
import { EntityRequestContext } from '../../../src/views/common/entity-form/entity-request.context.ts';
import { FieldInputs } from '../../../src/views/common/entity-form/field-input.tsx';
import { showFailure } from '../../../src/views/common/entity-form/form-failure.ts';
import {
  fieldRule,
  formValuesOf,
  payloadOf,
  type FormValues,
} from '../../../src/views/common/entity-form/form-values.ts';
import { applyServerErrors } from '../../../src/views/common/form/server-errors.ts';
import { notify } from '../../../src/views/common/notify.tsx';
import { useUser } from '../../../src/views/session/use-session.ts';
import { hasRole } from './rd-sample-develop.page.tsx';

// The supervisor's "Request sample" on an approved project (docs/domain/rd.md §7): a small
// dialog that asks who develops it (people holding the flavorist's role), its batch and when
// it is due, all optional but the batch, which starts at its default. Enter requests it from
// any field; Escape closes an open picker first, then the dialog.

const ASKED = ['flavorist_id', 'batch_size_ml', 'due_date'];
const FIELDS = RD_SAMPLES.fields.filter((f: EntityField) => ASKED.includes(f.name) && !f.listOnly);

function RequestSampleForm({
  project,
  onClose,
  onRequested,
}: {
  project: RdProjectRow;
  onClose: () => void;
  onRequested: () => void;
}) {
  const request = useContext(EntityRequestContext);
  const [busy, setBusy] = useState(false);
  const form = useForm<FormValues>({
    initialValues: formValuesOf(FIELDS),
    validate: Object.fromEntries(FIELDS.map((f) => [f.name, fieldRule(f)])),
  });
  const send = async (values: FormValues) => {
    setBusy(true);
    try {
      const reply = await request<RdSampleRow>({
        url: 'rd/samples',
        method: 'POST',
        data: { rd_project_id: project.id, ...payloadOf(FIELDS, values) },
      });
      notify.success(`Sample ${reply.data?.number ?? ''} requested`);
      onRequested();
    } catch (error) {
      if (!applyServerErrors(form, error)) showFailure(error, false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={form.onSubmit((values) => void send(values))}>
      <Stack>
        <Text size="sm">
          A new sample of {project.number} {project.title}.
        </Text>
        <FieldInputs fields={FIELDS} form={form} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Request sample
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The project's "Request sample" button, shown to the supervisor while it takes samples. */
export function RequestSample({ doc, onDone }: { doc: RdProjectRow; onDone: () => void }) {
  const user = useUser();
  const [open, setOpen] = useState(false);
  if (!(RD_PROJECT_SAMPLING as readonly string[]).includes(doc.status ?? '')) return null;
  if (!hasRole(user.roles, ['rd_supervisor'])) return null;
  const close = () => setOpen(false);
  return (
    <>
      <Button size="sm" variant="light" onClick={() => setOpen(true)}>
        Request sample
      </Button>
      <Modal opened={open} onClose={close} title={`Request a sample of ${doc.number ?? ''}`}>
        {open && (
          <RequestSampleForm
            project={doc}
            onClose={close}
            onRequested={() => {
              close();
              onDone();
            }}
          />
        )}
      </Modal>
    </>
  );
}
