import { validationMessage } from '../domain/validation-codes.ts';

// Every failed call rejects with an ApiError: `code` is the envelope's message (docs/product.md §8,
// e.g. `validation_error`, `not_authorized`) or a login message shown as given; `status` is the
// HTTP status (0 when no answer came back); `data` is the envelope's data, for example the
// field → rule code map of a validation error.

export const NETWORK_ERROR = 'network_error';
export const BAD_RESPONSE = 'bad_response';

export class ApiError extends Error {
  override readonly name: string = 'ApiError';

  constructor(
    readonly code: string,
    readonly status: number,
    readonly data: unknown = null,
    /** The refused call's method, where known: a refused read is not told as a refused delete. */
    readonly method?: string,
  ) {
    super(code);
  }
}

/** No answer at all: the server is down, the network dropped, or the time-out passed. */
export class NetworkError extends ApiError {
  override readonly name = 'NetworkError';

  constructor(readonly reason: 'offline' | 'timeout') {
    super(NETWORK_ERROR, 0);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Field name → rule code map of a `validation_error`, or an empty map for anything else. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null) return {};
  const entries = Object.entries(error.data as Record<string, unknown>);
  return Object.fromEntries(entries.filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** The message for `field` from an error map (or an ApiError carrying one), or ''. */
export function fieldMessage(
  errors: Readonly<Record<string, string>> | ApiError | null | undefined,
  field: string,
): string {
  const map = isApiError(errors) ? fieldErrors(errors) : (errors ?? {});
  const code = Object.hasOwn(map, field) ? map[field] : undefined;
  return code ? validationMessage(code) : '';
}
