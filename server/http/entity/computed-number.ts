import { sql, type SQL } from 'drizzle-orm';

/**
 * A computed column's figure as a number on the row: numeric and bigint arrive as text from
 * both drivers, float8 as a number. Null stays null (a subquery that finds nothing).
 */
export const num = (expr: SQL) => sql<number | null>`(${expr})::float8`.mapWith(Number);
