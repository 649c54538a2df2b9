import type { FilterableField } from './filterable-field.ts';
import { tableQuerySchema } from './table-query.schema.ts';
import type { TableQuery } from './table-query.types.ts';

// Validates a list query outside a route (a route passes tableQueryShape to its own query
// schema instead). Never throws: any input, however malformed, is a query or a map of field
// path → docs/product.md §5 code, the same map the API's validation_error answer carries.

export type TableQueryResult =
  { ok: true; query: TableQuery } | { ok: false; errors: Record<string, string> };

const schemas = new WeakMap<readonly FilterableField[], ReturnType<typeof tableQuerySchema>>();

export function validateTableQuery(
  input: unknown,
  fields: readonly FilterableField[],
): TableQueryResult {
  let schema = schemas.get(fields);
  if (!schema) {
    schema = tableQuerySchema(fields);
    schemas.set(fields, schema);
  }
  const result = schema.safeParse(input ?? {});
  if (result.success) return { ok: true, query: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.') || 'query';
    // Every leaf problem is a custom issue whose message is its code; the only other issue
    // is a query that is not an object at all.
    errors[path] ??= issue.code === 'custom' ? issue.message : 'in';
  }
  return { ok: false, errors };
}
