import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useContext, useState, type ReactNode } from 'react';
import {
  BULK_LIQUID_CHOICES,
  NEW_BULK_PRODUCT_FORM,
  proposedBulkSku,
  RD_PROMOTABLE_SAMPLES,
  RD_PROMOTION_FORM,
  type BulkLiquidChoice,
  type RdPromotableSampleRow,
} from '../shared/entities/rd-promotion.entity.ts';
import { EntityListPage } from '../../../src/views/common/entity/entity-list-page.tsx';
import { EntityRequestContext } from '../../../src/views/common/entity-form/entity-request.context.ts';
import { FieldInput, FieldInputs } from '../../../src/views/common/entity-form/field-input.tsx';
import { showFailure } from '../../../src/views/common/entity-form/form-failure.ts';
import {
  fieldRule,
  formValuesOf,
  payloadOf,
  type FormValues,
} from '../../../src/views/common/entity-form/form-values.ts';
import { required } from '../../../src/views/common/form/form-rules.ts';
import { applyServerErrors } from '../../../src/views/common/form/server-errors.ts';
import { notify } from '../../../src/views/common/notify.tsx';
import { textOf } from '../../../src/views/common/entity-form/form-values.ts';
import { writableFields } from '../../../src/domain/entity/entity-declaration.ts';
import { rowOf, type RowOf } from '../../../src/domain/entity/row-of.ts';
import type { RECIPES } from '../../../src/domain/entities/production/recipes.entity.ts';

// /rd/recipes: approved samples, live, each with what its promotion made (the recipe, and a
// new bulk liquid's change request with its status, both links); opening one not yet promoted
// (double-click or Enter) asks the recipe's code and name and its bulk liquid, an existing one
// or a new one proposed through a product change request, and promotes it to a draft recipe
// with its formula.

const FIELDS = writableFields(RD_PROMOTION_FORM);
const NEW_FIELDS = writableFields(NEW_BULK_PRODUCT_FORM);

const CHOICE_LABELS: Record<BulkLiquidChoice, string> = {
  existing: 'Existing bulk liquid',
  new: 'New bulk liquid',
};

type PromotionValues = FormValues & { bulk_liquid: BulkLiquidChoice; new_product: FormValues };

function PromoteForm({ sample, onClose }: { sample: RdPromotableSampleRow; onClose: () => void }) {
  const request = useContext(EntityRequestContext);
  const [busy, setBusy] = useState(false);
  const only =
    (choice: BulkLiquidChoice, rule: (value: unknown) => ReactNode) =>
    (value: unknown, values: PromotionValues) =>
      values.bulk_liquid === choice ? rule(value) : null;
  const form = useForm<PromotionValues>({
    initialValues: {
      ...formValuesOf(FIELDS, { name: sample.project_title ?? '' }),
      bulk_liquid: 'new',
      new_product: formValuesOf(NEW_FIELDS, { sku: proposedBulkSku(sample.number ?? '') }),
    },
    validate: {
      code: fieldRule(FIELDS.find((f) => f.name === 'code')!),
      product_id: only('existing', required('Bulk liquid')),
      new_product: Object.fromEntries(NEW_FIELDS.map((f) => [f.name, only('new', fieldRule(f))])),
    },
  });
  const promote = async (values: PromotionValues) => {
    setBusy(true);
    const { code, name } = payloadOf(FIELDS, values);
    const choice =
      values.bulk_liquid === 'existing'
        ? { product_id: payloadOf(FIELDS, values).product_id }
        : { new_product: payloadOf(NEW_FIELDS, values.new_product) };
    try {
      // The recipe's row; its id alone where production's recipe routes are not registered.
      const reply = await request<Partial<RowOf<typeof RECIPES>>>({
        url: `rd/promotable-samples/${sample.id}/promote`,
        method: 'POST',
        data: { code, name, ...choice, version: sample.version },
      });
      notify.success(
        values.bulk_liquid === 'new'
          ? `Draft recipe ${textOf(reply.data?.code ?? '')} created; its bulk liquid waits for the product approvers`
          : `Draft recipe ${textOf(reply.data?.code ?? '')} created`,
        'Promoted',
      );
      onClose();
    } catch (error) {
      if (!applyServerErrors(form, error)) showFailure(error, false);
    } finally {
      setBusy(false);
    }
  };
  const choice = form.getValues().bulk_liquid;
  return (
    <form onSubmit={form.onSubmit((values) => void promote(values))}>
      <Stack>
        <Text size="sm">
          Sample {sample.number} of {sample.project_title ?? ''} becomes a draft recipe with its
          formula.
        </Text>
        <FieldInputs fields={FIELDS.filter((f) => f.name !== 'product_id')} form={form} />
        <Radio.Group
          label="Bulk liquid"
          key={form.key('bulk_liquid')}
          {...form.getInputProps('bulk_liquid')}
        >
          <Group mt={4}>
            {BULK_LIQUID_CHOICES.map((c) => (
              <Radio key={c} value={c} label={CHOICE_LABELS[c]} />
            ))}
          </Group>
        </Radio.Group>
        {choice === 'existing'
          ? FIELDS.filter((f) => f.name === 'product_id').map((field) => (
              <FieldInput key={field.name} field={field} form={form} path={field.name} />
            ))
          : NEW_FIELDS.map((field) => (
              <FieldInput
                key={field.name}
                field={field}
                form={form}
                path={`new_product.${field.name}`}
              />
            ))}
        {choice === 'new' && (
          <Text size="xs" c="dimmed">
            Its nicotine, VG, HPLC category and shelf life come from the sample&apos;s
            specifications. The product stays pending until a product approver approves its change
            request; the recipe cannot be approved before.
          </Text>
        )}
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
  const [promoting, setPromoting] = useState<RdPromotableSampleRow | null>(null);
  return (
    <>
      <EntityListPage
        entity={RD_PROMOTABLE_SAMPLES}
        onOpen={(row) => row && !row.recipe_code && setPromoting(rowOf(RD_PROMOTABLE_SAMPLES, row))}
        phoneCards={{
          title: 'number',
          subtitle: 'project_title',
          facts: ['status', 'recipe_code', 'product_change_status'],
        }}
      />
      <Modal
        opened={promoting !== null}
        onClose={() => setPromoting(null)}
        title={`Promote sample ${promoting?.number ?? ''}`}
      >
        {promoting && <PromoteForm sample={promoting} onClose={() => setPromoting(null)} />}
      </Modal>
    </>
  );
}
