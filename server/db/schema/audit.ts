import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgSequence, pgTable, varchar } from 'drizzle-orm/pg-core';
import { logColumns } from './users.ts';

/** The one global change sequence: every write takes the next value (docs/domain/README.md §0). */
export const changeSeq = pgSequence('change_seq', { startWith: 1, increment: 1 });

export type AuditChanges = Record<string, [unknown, unknown]>;

/** Append-only: who changed what, with `{field: [old, new]}` (docs/domain/README.md §0). */
export const auditLogs = pgTable(
  'audit_logs',
  {
    ...logColumns(),
    entityType: varchar({ length: 60 }).notNull(),
    entityId: bigint({ mode: 'number' }).notNull(),
    action: varchar({ length: 10 }).notNull().$type<'create' | 'update' | 'delete'>(),
    changes: jsonb().$type<AuditChanges>().notNull(),
    ip: varchar({ length: 64 }),
  },
  (t) => [
    index('audit_logs_entity_idx').on(t.entityType, t.entityId),
    // Every live list's delta poll asks for its entity's deletes after a seq (entity-queries.ts).
    index('audit_logs_deleted_idx')
      .on(t.entityType, t.seq)
      .where(sql`${t.action} = 'delete'`),
  ],
);
