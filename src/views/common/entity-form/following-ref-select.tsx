import type { UseFormReturnType } from '@mantine/form';
import type { EntityField, RefFollows } from '../../../domain/entity/entity-field.ts';
import type { FormValues } from './form-values.ts';
import { RefSelect } from './ref-select.tsx';

// The picker of a field whose entity another field chooses (a discount's customer, product,
// family, brand or category, by its scope). It reads as that choice ("Product") and offers
// its rows; a value that names no entity ("every line") shows no picker. Changing the choice
// by hand clears the picked row, which belonged to the other entity.

export interface FollowingRefSelectProps {
  field: EntityField & { refFollows: RefFollows };
  form: UseFormReturnType<FormValues>;
  path: string;
  withAsterisk: boolean;
  autoFocus?: boolean;
}

export function FollowingRefSelect({
  field,
  form,
  path,
  withAsterisk,
  autoFocus,
}: FollowingRefSelectProps) {
  const follows = field.refFollows;
  form.watch(follows.field, ({ previousValue, value, touched }) => {
    if (touched && previousValue !== value) form.setFieldValue(path, null);
  });
  const chosen = form.getValues()[follows.field];
  const ref = typeof chosen === 'string' ? follows.refs[chosen] : undefined;
  if (!ref) return null;
  const label = follows.labels?.[chosen as string] ?? field.label;
  const props = form.getInputProps(path);
  return (
    <RefSelect
      // A new entity is a new list: the picker starts over with its own options and label.
      key={String(chosen)}
      field={{ ...field, kind: 'ref', ref, label }}
      label={label}
      aria-label={label}
      withAsterisk={withAsterisk}
      autoFocus={autoFocus}
      {...props}
      value={(props.value as number | null) ?? null}
      onChange={(value) => form.setFieldValue(path, value)}
    />
  );
}
