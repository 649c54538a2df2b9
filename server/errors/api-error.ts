import { API_MESSAGES, type ApiMessage } from '../../src/domain/api-messages.ts';

/** An answer other than success: the envelope's message code, its HTTP status and data. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ApiMessage | (string & {}),
    readonly data: unknown = null,
    status?: number,
  ) {
    super(code);
    this.name = 'ApiError';
    this.status = status ?? (API_MESSAGES as Record<string, number>)[code] ?? 400;
  }
}

/**
 * 422 with `data` mapping each field to a docs/product.md §5 code (or a message shown as given).
 */
export function validationError(fields: Record<string, string>): ApiError {
  return new ApiError('validation_error', fields);
}

/** A business rule refused the request: a message under a field key (docs/domain/README.md §0). */
export function ruleError(field: string, message: string, status = 422): ApiError {
  return new ApiError('validation_error', { [field]: message }, status);
}
