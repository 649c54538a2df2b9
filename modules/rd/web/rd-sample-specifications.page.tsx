import { Alert, Button, Group, Loader, Paper, SimpleGrid, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useParams } from 'react-router-dom';
import {
  RD_SAMPLE_SPECIFICATIONS,
  type RdSampleDoc,
} from '../shared/entities/rd-samples.entity.ts';
import { writableFields } from '../../../src/domain/entity/entity-declaration.ts';
import { validationMessage } from '../../../src/domain/validation-codes.ts';
import { FieldInput } from '../../../src/views/common/entity-form/field-input.tsx';
import {
  formValuesOf,
  payloadOf,
  textOf,
  type FormValues,
} from '../../../src/views/common/entity-form/form-values.ts';
import { useUser } from '../../../src/views/session/use-session.ts';
import { hasRole } from './rd-sample-develop.page.tsx';
import { RdSampleScreen } from './rd-sample-header.tsx';
import { useRdSample } from './use-rd-sample.ts';

// /rd/sample/specifications/{id}: what quality control sends the sample with (nicotine,
// VG/PG, density, flashpoint, HPLC category, shelf life…). Written until it is sent; VG + PG
// over 100 % is said at once, as the server refuses it (`more100%`).

const SPECIFYING = ['requested', 'in_preparation', 'prepared'];
const FIELDS = writableFields(RD_SAMPLE_SPECIFICATIONS);

function SpecificationsForm({
  sample,
  editable,
  onSave,
}: {
  sample: RdSampleDoc;
  editable: boolean;
  onSave: (values: FormValues) => Promise<boolean>;
}) {
  const form = useForm<FormValues>({
    initialValues: formValuesOf(FIELDS, sample.specifications ?? {}),
    validate: {
      pg_pct: (value, values) =>
        Number(value || 0) + Number(values.vg_pct || 0) > 100
          ? validationMessage('more100%')
          : null,
    },
    validateInputOnChange: ['pg_pct', 'vg_pct'],
  });
  return (
    <Paper withBorder p="md">
      <Title order={4} mb="sm">
        Specifications
      </Title>
      <form onSubmit={form.onSubmit((values) => void onSave(payloadOf(FIELDS, values)))}>
        <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0 }}>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            {FIELDS.map((field) => (
              <FieldInput key={field.name} field={field} form={form} path={field.name} />
            ))}
          </SimpleGrid>
        </fieldset>
        {editable && (
          <Group mt="md">
            <Button type="submit">Save specifications</Button>
          </Group>
        )}
      </form>
    </Paper>
  );
}

export function RdSampleSpecificationsPage() {
  const id = Number(useParams().id);
  const user = useUser();
  const { sample, reload, write } = useRdSample(id);
  if (!sample) return <Loader m="md" />;
  const editable =
    SPECIFYING.includes(sample.status ?? '') &&
    hasRole(user.roles, ['rd_quality_control', 'rd_flavorist', 'rd_supervisor']);
  return (
    <RdSampleScreen sample={sample} onDone={reload}>
      {sample.specs_missing && editable ? (
        <Alert color="yellow" mb="md" title="Before it is sent">
          Still missing: {textOf(sample.specs_missing)}
        </Alert>
      ) : null}
      {/* Starts again only when the specifications change, not at every step of the sample. */}
      <SpecificationsForm
        key={`specifications ${JSON.stringify(sample.specifications ?? null)}`}
        sample={sample}
        editable={editable}
        onSave={(values) => write('specifications', 'PUT', values, 'Specifications saved')}
      />
    </RdSampleScreen>
  );
}
