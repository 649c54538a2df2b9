import { ApiError } from '../errors/api-error.ts';

// PostgreSQL errors (PGlite and node-postgres report the same SQLSTATE codes) mapped to the
// API's codes. Nothing of the SQL or the constraint text reaches the client.

type PgError = { code?: string; constraint?: string; column?: string; detail?: string };

function pgErrorOf(error: unknown): PgError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const candidate = current as PgError & { cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code))
      return candidate;
    current = candidate.cause;
  }
  return undefined;
}

/** The field a unique or check constraint guards, by our naming `<table>_<field>_uk|ck`. */
function fieldOf(pg: PgError): string {
  const fromDetail = /^Key \((?:lower\()?"?([a-z0-9_]+)/.exec(pg.detail ?? '');
  if (fromDetail?.[1]) return fromDetail[1];
  return pg.column ?? 'body';
}

export function mapDatabaseError(error: unknown, method: string): ApiError | undefined {
  const pg = pgErrorOf(error);
  if (!pg) return undefined;
  switch (pg.code) {
    case '23503':
      // A delete that would orphan rows is docs/product.md's "other records related" refusal; on
      // insert/update the referenced option does not exist.
      return method === 'DELETE'
        ? new ApiError('database_delete_1451', null)
        : new ApiError('validation_error', { [fieldOf(pg)]: 'exists' });
    case '23505':
      return new ApiError('validation_error', { [fieldOf(pg)]: 'unique' });
    case '23502':
      return new ApiError('validation_error', { [pg.column ?? 'body']: 'required' });
    case '22001':
      return new ApiError('validation_error', { [pg.column ?? 'body']: 'max' });
    case '22007':
    case '22008':
    case '22021':
    case '22P05':
      // A date or text the database cannot store (a NUL byte) that no schema caught.
      return new ApiError('validation_error', { [pg.column ?? 'body']: 'in' });
    case '22003':
      // A number past its column's range that the declaration's bounds did not catch.
      return new ApiError('validation_error', { [pg.column ?? 'body']: 'max' });
    case '23514':
      return new ApiError('validation_error', { [fieldOf(pg)]: 'in' });
    default:
      return new ApiError('db_error', null);
  }
}

/** Whether a failure is a unique constraint refusing a duplicate (23505). */
export function isUniqueViolation(error: unknown): boolean {
  return pgErrorOf(error)?.code === '23505';
}
