import type { FormErrors } from '@mantine/form';
import { fieldErrors } from '../../../api/api-error.ts';
import { validationMessage } from '../../../domain/validation-codes.ts';

// A 422 `validation_error` carries `data` as field → rule code (docs/product.md §5, §8). These
// helpers put the readable message under each field of a @mantine/form form, so server rules read
// like client ones.

/** Field → message for an ApiError of a validation error or a raw code map; anything else → {}. */
export function serverFormErrors(errorOrCodes: unknown): FormErrors {
  const codes = isCodeMap(errorOrCodes) ? errorOrCodes : fieldErrors(errorOrCodes);
  return Object.fromEntries(
    Object.entries(codes).map(([field, code]) => [field, validationMessage(code)]),
  );
}

/** Shows the server's messages on `form`; returns whether there were any to show. */
export function applyServerErrors(
  form: { setErrors: (errors: FormErrors) => void },
  error: unknown,
): boolean {
  const errors = serverFormErrors(error);
  if (Object.keys(errors).length === 0) return false;
  form.setErrors(errors);
  return true;
}

function isCodeMap(value: unknown): value is Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  if (value instanceof Error) return false;
  return Object.values(value).every((code) => typeof code === 'string');
}
