import { sql } from 'drizzle-orm';
import {
  bigint, boolean, char, check, jsonb, numeric, pgTable, timestamp, unique, uniqueIndex, varchar,
} from 'drizzle-orm/pg-core';
import { logColumns, standardColumns, users } from './users.ts';

/** Settings `<module>.<name>` → JSON value, edited with their version like any row. */
export const settings = pgTable('settings', {
  ...standardColumns(),
  key: varchar({ length: 100 }).notNull().unique(),
  value: jsonb().notNull(),
});

export const countries = pgTable('countries', {
  ...standardColumns(),
  iso2: char({ length: 2 }).notNull().unique(),
  name: varchar({ length: 80 }).notNull(),
});

export const provinces = pgTable(
  'provinces',
  {
    ...standardColumns(),
    countryId: bigint({ mode: 'number' }).notNull().references(() => countries.id),
    code: char({ length: 2 }).notNull(),
    name: varchar({ length: 80 }).notNull(),
  },
  (t) => [unique('provinces_country_code_uk').on(t.countryId, t.code)],
);

export const currencies = pgTable(
  'currencies',
  {
    ...standardColumns(),
    code: char({ length: 3 }).notNull().unique(),
    name: varchar({ length: 60 }).notNull(),
    symbol: varchar({ length: 5 }).notNull(),
    rateToCad: numeric({ precision: 14, scale: 6 }).notNull(),
    isBase: boolean().notNull().default(false),
  },
  (t) => [
    check('currencies_rate_positive', sql`${t.rateToCad} > 0`),
    // At most one base currency (CAD); the seed makes it exactly one.
    uniqueIndex('currencies_one_base_uk').on(t.isBase).where(sql`${t.isBase}`),
  ],
);

/** Attendance punches (POST /general/punch_in); append-only. */
export const timePunches = pgTable('time_punches', {
  ...logColumns(),
  userId: bigint({ mode: 'number' }).notNull().references(() => users.id),
  kind: varchar({ length: 3 }).notNull().$type<'in' | 'out'>(),
  punchedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  note: varchar({ length: 255 }),
});
