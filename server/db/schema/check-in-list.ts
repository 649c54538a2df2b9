import { sql, type SQL } from 'drizzle-orm';

// The CHECK of an `enum(..)` column (docs/domain/README.md §0: varchar + CHECK). Values are our own
// constants, never input, so they are written into the constraint's text.

export function checkInList(column: string, values: readonly string[]): SQL {
  return sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);
}
