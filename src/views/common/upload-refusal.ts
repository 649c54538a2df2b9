import { ApiError } from '../../api/api-error.ts';
import { errorText } from '../../api/error-text.ts';
import { validationMessage } from '../../domain/validation-codes.ts';

/** A size limit in words: MB, KB or bytes, whichever reads whole. */
function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} bytes`;
}

/**
 * Why an upload or attach was refused, in words for under its button: the type (`in`), the
 * size (`size`) or another field code, else the error's own text.
 */
export function uploadRefusal(failure: unknown): string {
  if (failure instanceof ApiError && failure.message === 'payload_too_large') {
    const max = (failure.data as { max_bytes?: unknown } | null)?.max_bytes;
    return typeof max === 'number'
      ? `The file is larger than the ${formatBytes(max)} limit`
      : 'The file is too large';
  }
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
