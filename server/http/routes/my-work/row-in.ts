import { sql, type SQL } from 'drizzle-orm';

/** `r.<column> in (…)`, each value bound as a parameter: a queue's row at one of its steps. */
export const rowIn = (column: string, values: readonly string[]): SQL =>
  sql`${sql.raw(`r.${column}`)} in (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
