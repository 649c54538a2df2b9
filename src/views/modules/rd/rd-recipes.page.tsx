import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useContext, useState } from 'react';
import type { EntityRow } from '../../../api/entity.api.ts';
import {
  RD_PROMOTABLE_SAMPLES,
  RD_PROMOTION_FORM,
} from '../../../domain/entities/rd/rd-promotion.entity.ts';
import { EntityListPage } from '../../common/entity/entity-list-page.tsx';
import { EntityRequestContext } from '../../common/entity-form/entity-request.context.ts';
import { FieldInput } from '../../common/entity-form/field-input.tsx';
import { showFailure } from '../../common/entity-form/form-failure.ts';
import {
  fieldRule,
  formValuesOf,
  payloadOf,
  type FormValues,
} from '../../common/entity-form/form-values.ts';
import { applyServerErrors } from '../../common/form/server-errors.ts';
import { notify } from '../../common/notify.tsx';
import { textOf } from '../../common/entity-form/form-values.ts';

// /rd/recipes: approved samples, live; opening one (double-click or Enter) asks the recipe's
// code, name and bulk liquid and promotes it to a draft recipe with its formula.

const FIELDS = RD_PROMOTION_FORM.fields.filter((f) => !f.readOnly && !f.listOnly);

function PromoteForm({ sample, onClose }: { sample: EntityRow; onClose: () => void }) {
  const request = useContext(EntityRequestContext);
  const [busy, setBusy] = useState(false);
  const form = useForm<FormValues>({
    initialValues: formValuesOf(FIELDS, { name: sample.project_title ?? '' }),
    validate: Object.fromEntries(FIELDS.map((f) => [f.name, fieldRule(f)])),
  });
  const promote = async (values: FormValues) => {
    setBusy(true);
    try {
      const reply = await request<EntityRow>({
        url: `rd/promotable-samples/${sample.id}/promote`,
        method: 'POST',
        data: { ...payloadOf(FIELDS, values), version: sample.version },
      });
      notify.success(`Draft recipe ${textOf(reply.data?.code ?? '')} created`, 'Promoted');
      onClose();
    } catch (error) {
      if (!applyServerErrors(form, error)) showFailure(error, false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={form.onSubmit((values) => void promote(values))}>
      <Stack>
        <Text size="sm">
          Sample {String(sample.number)} of {textOf(sample.project_title ?? '')} becomes a draft
          recipe with its formula.
        </Text>
        {FIELDS.map((field, i) => (
          <FieldInput
            key={field.name}
            field={field}
            form={form}
            path={field.name}
            autoFocus={i === 0}
          />
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Promote to recipe
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function RdRecipesPage() {
  const [promoting, setPromoting] = useState<EntityRow | null>(null);
  return (
    <>
      <EntityListPage
        entity={RD_PROMOTABLE_SAMPLES}
        onOpen={(row) => row && !row.recipe_code && setPromoting(row)}
      />
      <Modal
        opened={promoting !== null}
        onClose={() => setPromoting(null)}
        title={`Promote sample ${textOf(promoting?.number ?? '')}`}
      >
        {promoting && <PromoteForm sample={promoting} onClose={() => setPromoting(null)} />}
      </Modal>
    </>
  );
}
