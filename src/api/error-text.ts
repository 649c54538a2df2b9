import { VALIDATION_SUMMARY } from '../domain/validation-codes.ts';
import { BAD_RESPONSE, isApiError, NETWORK_ERROR } from './api-error.ts';

// What a person reads for a failed call (docs/product.md §8). Known envelope codes get a sentence;
// any other server message is a sentence already and is shown as given.

const TEXT: Readonly<Record<string, string>> = {
  [NETWORK_ERROR]: 'Server error: no answer from the server. Check the connection and try again.',
  [BAD_RESPONSE]: 'Server error: the answer could not be read.',
  not_authorized: 'Expired session: please log in again.',
  login_failed: 'Wrong username or password.',
  no_privileges: 'You are not allowed to do this.',
  db_error: 'Database error.',
  server_error: 'Server error.',
  database_delete_1451: 'There are other records related to this item',
  database_delete_7: 'There are other records related to this item',
  stale_version: 'Someone else changed this record; reload it and try again.',
  validation_error: VALIDATION_SUMMARY,
};

export function errorText(error: unknown, fallback = 'Has Error'): string {
  if (isApiError(error)) {
    if (error.code === 'too_many_attempts') return tooManyAttempts(error.data);
    return TEXT[error.code] ?? (error.code || fallback);
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

function tooManyAttempts(data: unknown): string {
  const seconds = (data as { retry_after_seconds?: unknown } | null)?.retry_after_seconds;
  return typeof seconds === 'number'
    ? `Too many attempts. Try again in ${Math.ceil(seconds)} seconds.`
    : 'Too many attempts. Try again later.';
}
