import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  integer,
  numeric,
  pgTable,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { taxSetups } from './accounting.ts';
import { currencies, provinces } from './general.ts';
import { standardColumns } from './users.ts';
import { checkInList } from './check-in-list.ts';
import {
  ADDRESS_KIND_VALUES,
  CUSTOMER_TYPE_VALUES,
} from '../../../modules/general/shared/entities/customers.entity.ts';

// Customers and their bill/ship addresses (docs/domain/general.md §1). `price_tier_id` has no
// foreign key yet: price_tiers belongs to inventory and is not in the schema; add the reference
// with it.

const ref = () => bigint({ mode: 'number' });

export const CUSTOMER_TYPES = CUSTOMER_TYPE_VALUES;
export const ADDRESS_KINDS = ADDRESS_KIND_VALUES;

export const customers = pgTable(
  'customers',
  {
    ...standardColumns(),
    code: varchar({ length: 30 }).notNull().unique(),
    name: varchar({ length: 120 }).notNull(),
    type: varchar({ length: 30 }).notNull().$type<(typeof CUSTOMER_TYPES)[number]>(),
    priceTierId: ref(),
    currencyId: ref()
      .notNull()
      .references(() => currencies.id),
    taxSetupId: ref().references(() => taxSetups.id),
    paymentTermsDays: integer().notNull().default(30),
    creditLimit: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    vapeLicenceNo: varchar({ length: 40 }),
    active: boolean().notNull().default(true),
  },
  (t) => [
    check('customers_type_ck', checkInList('type', CUSTOMER_TYPES)),
    check('customers_terms_ck', sql`${t.paymentTermsDays} >= 0`),
    check('customers_credit_limit_ck', sql`${t.creditLimit} >= 0`),
  ],
);

/** Lines of a customer: replaced as a whole when the customer is saved. */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    customerId: ref()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: varchar({ length: 4 }).notNull().$type<(typeof ADDRESS_KINDS)[number]>(),
    address: varchar({ length: 255 }).notNull(),
    provinceId: ref().references(() => provinces.id),
    postalCode: varchar({ length: 7 }).notNull(),
    isDefault: boolean().notNull().default(false),
  },
  (t) => [
    check('customer_addresses_kind_ck', checkInList('kind', ADDRESS_KINDS)),
    check(
      'customer_addresses_postal_code_ck',
      sql`${t.postalCode} ~ '^[A-Z][0-9][A-Z] [0-9][A-Z][0-9]$'`,
    ),
    // At most one default address of each kind per customer.
    uniqueIndex('customer_addresses_is_default_uk')
      .on(t.customerId, t.kind)
      .where(sql`${t.isDefault}`),
  ],
);
