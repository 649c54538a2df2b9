import { ApiError } from '../../api/api-error.ts';
import { errorText } from '../../api/error-text.ts';
import { validationMessage } from '../../domain/validation-codes.ts';

/**
 * Why an upload or attach was refused, in words for under its button: the type (`in`), the
 * size (`size`) or another field code, else the error's own text.
 */
export function uploadRefusal(failure: unknown): string {
  const codes =
    failure instanceof ApiError && failure.message === 'validation_error'
      ? Object.values((failure.data ?? {}) as Record<string, string>)
      : [];
  if (codes.length === 0) return errorText(failure);
  return codes
    .map((c) =>
      c === 'in' ? 'Only PDF, PNG, JPEG, text or CSV files are accepted' : validationMessage(c),
    )
    .join(' ');
}
