import { sql } from 'drizzle-orm';
import { check, integer, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { ATTACHMENT_TYPES } from '../../../src/domain/attachments/attachment-rules.ts';
import { checkInList } from './check-in-list.ts';
import { logColumns } from './users.ts';

// Uploaded files (docs/domain/README.md §0 "Attachments"): immutable and never deleted (+log), so a
// CoA a lot was released on stays what it was. The bytes live in the attachment store under
// `storage_key`; a document points at an attachment by id, and "replacing" a file points it
// at a new one. The id never leaves in a URL: reads go by `token`, a random uuid, so a file's
// address cannot be guessed from another's.

export const attachments = pgTable(
  'attachments',
  {
    ...logColumns(),
    fileName: varchar({ length: 255 }).notNull(),
    contentType: varchar({ length: 60 }).notNull(),
    sizeBytes: integer().notNull(),
    sha256: varchar({ length: 64 }).notNull(),
    storageKey: varchar({ length: 200 }).notNull(),
    token: uuid().notNull().defaultRandom(),
  },
  (t) => [
    uniqueIndex('attachments_storage_key_uk').on(t.storageKey),
    uniqueIndex('attachments_token_uk').on(t.token),
    check('attachments_type_ck', checkInList('content_type', Object.keys(ATTACHMENT_TYPES))),
    check('attachments_size_ck', sql`${t.sizeBytes} > 0`),
  ],
);
