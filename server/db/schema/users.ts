import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

// Author columns point at users, so they live beside the users table (one module, no import
// cycle). Columns every mutable row carries (docs/domain/README.md §0 "+std"). `seq` comes from the
// one global change sequence, so "everything changed since seq N" is one indexed query per table;
// the row-stamp trigger (see ../row-stamps.ts) renews `seq`, `version` and `updated_at` on every
// UPDATE, so no code path can forget them.

const userRef = () => bigint({ mode: 'number' }).references((): AnyPgColumn => users.id);

/** Draws the next change seq and announces the transaction's floor (migration 0072). */
export const changeSeqDefault = sql`plantline_next_seq()`;

export const standardColumns = () => ({
  id: bigserial({ mode: 'number' }).primaryKey(),
  version: integer().notNull().default(1),
  seq: bigint({ mode: 'number' }).notNull().default(changeSeqDefault),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  createdBy: userRef(),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedBy: userRef(),
});

/** Append-only rows ("+log"): never updated, never deleted. */
export const logColumns = () => ({
  id: bigserial({ mode: 'number' }).primaryKey(),
  seq: bigint({ mode: 'number' }).notNull().default(changeSeqDefault),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  createdBy: userRef(),
});

export const users = pgTable(
  'users',
  {
    ...standardColumns(),
    username: varchar({ length: 60 }).notNull(),
    passwordHash: text().notNull(),
    name: varchar({ length: 120 }).notNull(),
    email: varchar({ length: 190 }),
    company: varchar({ length: 120 }).notNull().default(''),
    timezone: varchar({ length: 64 }).notNull().default('America/Toronto'),
    config: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    active: boolean().notNull().default(true),
    // Demo accounts are flagged so the UI can mark them; last login is read from
    // access_tokens, so signing in never bumps the user row's version under an editor.
    isDemo: boolean().notNull().default(false),
  },
  (t) => [
    // Usernames are unique regardless of case (docs/domain/general.md §1).
    uniqueIndex('users_username_uk').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_uk').on(sql`lower(${t.email})`),
  ],
);

export const roles = pgTable('roles', {
  ...standardColumns(),
  code: varchar({ length: 40 }).notNull().unique(),
  name: varchar({ length: 80 }).notNull(),
});

export const modules = pgTable('modules', {
  ...standardColumns(),
  code: varchar({ length: 40 }).notNull().unique(),
  name: varchar({ length: 80 }).notNull(),
});

const userId = () =>
  bigint({ mode: 'number' })
    .notNull()
    .references((): AnyPgColumn => users.id, { onDelete: 'cascade' });

export const userRoles = pgTable(
  'user_roles',
  {
    userId: userId(),
    roleId: bigint({ mode: 'number' })
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const userModules = pgTable(
  'user_modules',
  {
    userId: userId(),
    moduleId: bigint({ mode: 'number' })
      .notNull()
      .references(() => modules.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.moduleId] })],
);

/** Bearer tokens: only a SHA-256 of the token is stored, so a leaked table grants nothing. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userId(),
    tokenHash: varchar({ length: 64 }).notNull().unique(),
    clientId: varchar({ length: 60 }).notNull(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp({ withTimezone: true, mode: 'date' }),
    lastUsedAt: timestamp({ withTimezone: true, mode: 'date' }),
    ip: varchar({ length: 64 }),
    userAgent: varchar({ length: 255 }),
  },
  (t) => [index('access_tokens_user_idx').on(t.userId)],
);

/** Failed-login counters per username and per address, shared by every server process. */
export const loginThrottles = pgTable('login_throttles', {
  key: varchar({ length: 200 }).primaryKey(),
  failures: bigint({ mode: 'number' }).notNull().default(0),
  windowStartedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  blockedUntil: timestamp({ withTimezone: true, mode: 'date' }),
});

export const userGuidesRead = pgTable(
  'user_guides_read',
  {
    userId: userId(),
    guideId: varchar({ length: 80 }).notNull(),
    readAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.guideId] })],
);
