// Message codes of the API envelope (docs/product.md §8, docs/architecture.md) with their HTTP
// status. The browser maps each code to the dialog or notification of the error catalogue.
export const API_MESSAGES = {
  ok: 200,
  created: 201,
  bad_request: 400,
  not_authorized: 401,
  login_failed: 401,
  no_privileges: 403,
  not_found: 404,
  database_delete_1451: 409,
  database_delete_7: 409,
  stale_version: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_error: 422,
  too_many_attempts: 429,
  db_error: 500,
  server_error: 500,
} as const;

export type ApiMessage = keyof typeof API_MESSAGES;

export type Envelope<T> = { status: boolean; message: string; data: T };
