import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  numeric,
  pgTable,
  unique,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { locations, provinces } from './general.ts';
import { categories } from './inventory.ts';
import { standardColumns } from './users.ts';
import { checkInList } from './check-in-list.ts';
import { GL_ACCOUNT_TYPE_VALUES } from '../../../modules/general/shared/entities/gl-accounts.entity.ts';
import { TAX_CODE_VALUES } from '../../../modules/general/shared/entities/tax-setups.entity.ts';

// Administration's accounting group (docs/domain/general.md §1): the chart of accounts, the
// mappings that say which account a business event posts to, and provincial sales-tax setups. Kept
// apart from general.ts because mappings point at inventory categories, which point back at it.

const ref = () => bigint({ mode: 'number' });

export const GL_ACCOUNT_TYPES = GL_ACCOUNT_TYPE_VALUES;

export const glAccounts = pgTable(
  'gl_accounts',
  {
    ...standardColumns(),
    code: varchar({ length: 20 }).notNull().unique(),
    name: varchar({ length: 120 }).notNull(),
    type: varchar({ length: 30 }).notNull().$type<(typeof GL_ACCOUNT_TYPES)[number]>(),
    parentId: ref().references((): AnyPgColumn => glAccounts.id),
    isPostable: boolean().notNull().default(true),
    active: boolean().notNull().default(true),
  },
  () => [check('gl_accounts_type_ck', checkInList('type', GL_ACCOUNT_TYPES))],
);

export const accountMappings = pgTable(
  'account_mappings',
  {
    ...standardColumns(),
    mappingKey: varchar({ length: 60 }).notNull(),
    categoryId: ref().references(() => categories.id),
    locationId: ref().references(() => locations.id),
    glAccountId: ref()
      .notNull()
      .references(() => glAccounts.id),
  },
  (t) => [
    // A missing category or location is "any", and two "any" rows of one key are duplicates.
    uniqueIndex('account_mappings_mapping_key_uk').on(
      t.mappingKey,
      sql`coalesce(${t.categoryId}, 0)`,
      sql`coalesce(${t.locationId}, 0)`,
    ),
  ],
);

export const TAX_CODES = TAX_CODE_VALUES;

export const taxSetups = pgTable(
  'tax_setups',
  {
    ...standardColumns(),
    name: varchar({ length: 80 }).notNull(),
    provinceId: ref()
      .notNull()
      .references(() => provinces.id),
    effectiveFrom: date({ mode: 'string' }).notNull(),
    effectiveTo: date({ mode: 'string' }),
  },
  (t) => [
    index('tax_setups_province_idx').on(t.provinceId),
    check(
      'tax_setups_effective_to_ck',
      sql`${t.effectiveTo} is null or ${t.effectiveTo} >= ${t.effectiveFrom}`,
    ),
  ],
);

export const taxSetupLines = pgTable(
  'tax_setup_lines',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    taxSetupId: ref()
      .notNull()
      .references(() => taxSetups.id, { onDelete: 'cascade' }),
    taxCode: varchar({ length: 3 }).notNull().$type<(typeof TAX_CODES)[number]>(),
    rate: numeric({ precision: 7, scale: 4 }).notNull(),
    compound: boolean().notNull().default(false),
    glAccountId: ref().references(() => glAccounts.id),
  },
  (t) => [
    unique('tax_setup_lines_tax_code_uk').on(t.taxSetupId, t.taxCode),
    check('tax_setup_lines_tax_code_ck', checkInList('tax_code', TAX_CODES)),
    check('tax_setup_lines_rate_ck', sql`${t.rate} >= 0 and ${t.rate} <= 100`),
  ],
);
