import type { FormErrors } from '@mantine/form';
import { isApiError } from '../../api/api-error.ts';
import { presentError } from '../../api/error-presentation.ts';
import { errorText } from '../../api/error-text.ts';
import { serverFormErrors } from '../common/form/server-errors.ts';

// How a failed save of an account form (registration, profile) reads on the page, next to what
// the shell's presenter already shows for the same failure (docs/product.md §8).

export type AccountFailure =
  /** 409 stale_version: the record changed since it was read. */
  | { kind: 'stale' }
  /** Messages for fields of the form; the shell's 'Validation Error' notification lists them too. */
  | { kind: 'fields'; errors: FormErrors }
  /** The shell has shown it (validation of other fields, server, database, session errors). */
  | { kind: 'shown' }
  /** Anything else, for the form to write above its fields. */
  | { kind: 'message'; message: string };

export function accountFailureOf(error: unknown, fields: readonly string[]): AccountFailure {
  if (isApiError(error) && error.code === 'stale_version') return { kind: 'stale' };
  const all = serverFormErrors(error);
  const errors = Object.fromEntries(Object.entries(all).filter(([f]) => fields.includes(f)));
  if (Object.keys(errors).length > 0) return { kind: 'fields', errors };
  if (presentError(error, { path: window.location.pathname }).kind !== 'none') {
    return { kind: 'shown' };
  }
  return { kind: 'message', message: errorText(error) };
}
