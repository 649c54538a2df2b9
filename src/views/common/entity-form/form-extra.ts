import type { FormErrors, UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import type { FormValues } from './form-values.ts';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// Inputs a bespoke screen adds to a derived form for values that are written but never read
// back, such as a user's new password and its confirmation. They start blank, are blank again
// after every read and save, and send only what `payload` says.

export type FormExtra = {
  /** Their blank values, by form path. */
  readonly values: FormValues;
  /** Their client rules; `creating` while the form has no record yet. */
  readonly validate: (values: FormValues, creating: boolean) => FormErrors;
  /** What they add to the payload (nothing to leave the stored value as it is). */
  readonly payload: (values: FormValues, creating: boolean) => FormValues;
  /** Their inputs, under the declared fields; `row` is the record as read (null while new). */
  readonly render: (
    form: UseFormReturnType<FormValues>,
    creating: boolean,
    row: EntityRow | null,
  ) => ReactNode;
  /** What they show on a record that reads only (a file to download); nothing if absent. */
  readonly readOnly?: (row: EntityRow) => ReactNode;
};
