import { MultiSelect, Select, Switch, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { requiredWhenHolds, type EntityField } from '../../../domain/entity/entity-field.ts';
import { valueLabel } from '../../../domain/entity/value-label.ts';
import { CurrencyInput } from '../inputs/currency-input.tsx';
import { DateField } from '../inputs/date-field.tsx';
import { DateTimeField } from '../inputs/date-time-field.tsx';
import { NumberField } from '../inputs/number-field.tsx';
import { FollowingRefSelect } from './following-ref-select.tsx';
import type { FormValues } from './form-values.ts';
import { LotSelect } from './lot-select.tsx';
import { RefSelect } from './ref-select.tsx';

// The input of one declared field, bound to a @mantine/form path ('name', or 'lines.3.qty' in
// a line editor). The kind decides the widget; the declaration gives its limits.

export interface FieldInputProps {
  field: EntityField;
  form: UseFormReturnType<FormValues>;
  path: string;
  /** Line cells carry their label for screen readers only; the column header shows it. */
  hideLabel?: boolean;
  autoFocus?: boolean;
}

/** The picker options of an `enum` or `multi` field, in the declared order. */
const enumOptions = (field: EntityField) =>
  (field.enumValues ?? []).map((v) => ({
    value: String(v),
    label: valueLabel(field, String(v)),
  }));

export function FieldInput({ field, form, path, hideLabel = false, autoFocus }: FieldInputProps) {
  // A field required by the record's other values (a finished good's recipe) says so as soon
  // as they make it required, before any save.
  const required =
    field.required === true || requiredWhenHolds(field.requiredWhen, form.getValues());
  const common = {
    label: hideLabel ? undefined : field.label,
    'aria-label': field.label,
    withAsterisk: !hideLabel && required,
    autoFocus,
    'data-autofocus': autoFocus ? true : undefined,
  };
  if (field.refFollows) {
    return (
      <FollowingRefSelect
        field={{ ...field, refFollows: field.refFollows }}
        form={form}
        path={path}
        withAsterisk={common.withAsterisk}
        autoFocus={autoFocus}
      />
    );
  }
  const props = form.getInputProps(path);
  switch (field.kind) {
    case 'textarea':
      return (
        <Textarea rows={3} resize="vertical" maxLength={field.maxLength} {...common} {...props} />
      );
    case 'number':
      return (
        <NumberField
          precision={field.precision ?? 0}
          min={field.min}
          max={field.max}
          {...common}
          {...props}
        />
      );
    case 'money':
      return <CurrencyInput max={field.max} {...common} {...props} />;
    case 'date':
      return <DateField {...common} {...props} />;
    case 'datetime':
      return <DateTimeField {...common} {...props} />;
    case 'boolean':
      return (
        <Switch
          {...common}
          label={hideLabel ? undefined : field.label}
          {...form.getInputProps(path, { type: 'checkbox' })}
        />
      );
    case 'enum':
      return (
        <Select clearable={!field.required} data={enumOptions(field)} {...common} {...props} />
      );
    case 'multi':
      return <MultiSelect searchable clearable data={enumOptions(field)} {...common} {...props} />;
    case 'json':
      return (
        <Textarea
          rows={10}
          resize="vertical"
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...common}
          {...props}
        />
      );
    case 'ref':
      if (field.lotAt) {
        return (
          <LotSelect field={{ ...field, lotAt: field.lotAt }} form={form} path={path} {...common} />
        );
      }
      return (
        <RefSelect
          field={field}
          {...common}
          {...props}
          value={(props.value as number | null) ?? null}
          onChange={(value) => form.setFieldValue(path, value)}
        />
      );
    default:
      return <TextInput maxLength={field.maxLength} {...common} {...props} />;
  }
}

/** A form's declared fields in order, each bound to its own name, the cursor in the first. */
export function FieldInputs({
  fields,
  form,
}: {
  fields: readonly EntityField[];
  form: UseFormReturnType<FormValues>;
}) {
  return fields.map((field, i) => (
    <FieldInput key={field.name} field={field} form={form} path={field.name} autoFocus={i === 0} />
  ));
}
