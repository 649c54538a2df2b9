import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { LOCATION_TYPE_VALUES } from '../../../modules/general/shared/entities/locations.entity.ts';
import { logColumns, standardColumns, users } from './users.ts';
import { checkInList } from './check-in-list.ts';

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
    countryId: bigint({ mode: 'number' })
      .notNull()
      .references(() => countries.id),
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
    uniqueIndex('currencies_one_base_uk')
      .on(t.isBase)
      .where(sql`${t.isBase}`),
  ],
);

/** Attendance punches (POST /general/punch_in); append-only. */
export const timePunches = pgTable('time_punches', {
  ...logColumns(),
  userId: bigint({ mode: 'number' })
    .notNull()
    .references(() => users.id),
  kind: varchar({ length: 3 }).notNull().$type<'in' | 'out'>(),
  punchedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  note: varchar({ length: 255 }),
});

/** Lookup families (waste, adjustment, hold, damage reasons; container and stamp types…). */
export const parameterTypes = pgTable('parameter_types', {
  ...standardColumns(),
  code: varchar({ length: 40 }).notNull().unique(),
  name: varchar({ length: 80 }).notNull(),
});

export const parameters = pgTable(
  'parameters',
  {
    ...standardColumns(),
    parameterTypeId: bigint({ mode: 'number' })
      .notNull()
      .references(() => parameterTypes.id),
    code: varchar({ length: 40 }).notNull(),
    name: varchar({ length: 120 }).notNull(),
    value: varchar({ length: 255 }),
    sort: integer().notNull().default(0),
    active: boolean().notNull().default(true),
  },
  (t) => [unique('parameters_type_code_uk').on(t.parameterTypeId, t.code)],
);

export const LOCATION_TYPES = LOCATION_TYPE_VALUES;

export const locations = pgTable(
  'locations',
  {
    ...standardColumns(),
    code: varchar({ length: 30 }).notNull().unique(),
    name: varchar({ length: 120 }).notNull(),
    type: varchar({ length: 30 }).notNull().$type<(typeof LOCATION_TYPES)[number]>(),
    parentId: bigint({ mode: 'number' }).references((): AnyPgColumn => locations.id),
    provinceId: bigint({ mode: 'number' }).references(() => provinces.id),
    address: varchar({ length: 255 }),
    active: boolean().notNull().default(true),
  },
  () => [check('locations_type_ck', checkInList('type', LOCATION_TYPES))],
);

/**
 * Free labels on products, customers, suppliers, projects and samples (docs/domain/README.md §0).
 */
export const tags = pgTable('tags', {
  ...standardColumns(),
  name: varchar({ length: 60 }).notNull().unique(),
  color: varchar({ length: 7 }).notNull().default('#409EFF'),
});

/**
 * Which rows carry which tag. No `seq`: the owner's own write (its version) is the change, and
 * re-tagging replaces its rows, which an append-only table would refuse.
 */
export const taggables = pgTable(
  'taggables',
  {
    tagId: bigint({ mode: 'number' })
      .notNull()
      .references(() => tags.id),
    taggableType: varchar({ length: 40 }).notNull(),
    taggableId: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tagId, t.taggableType, t.taggableId] })],
);
