import { z } from 'zod';

// One line of a document's timeline (GET /api/timeline/:entity/:id): a status transition of
// status_transitions, or an audited write of audit_logs. Shared by the route and the view.

/** `transition`: a workflow event moved the status; `audit`: a record was created, edited or deleted. */
export type TimelineKind = 'transition' | 'audit';

export const timelineEntrySchema = z.object({
  kind: z.enum(['transition', 'audit']),
  id: z.number().int(),
  /** ISO 8601, UTC. */
  at: z.string(),
  /** Who did it; null for the system (a migration, the seed). */
  by_name: z.string().nullable(),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  /** The workflow event (`release`), or the audited action (`create`, `update`, `delete`). */
  event: z.string(),
  reason: z.string().nullable(),
  /** A transition's payload (counts it carried), or an audit's `{field: [old, new]}`. */
  changes: z.record(z.string(), z.unknown()),
  /**
   * How the rows its changes reference read now (`products:12` → 'EL-MNG-30 · Mango 30 ml'),
   * keyed by `timelineRefKey`; an id whose row is gone has no label.
   */
  labels: z.record(z.string(), z.string()),
  /**
   * The entity each change that names a row refers to, by its change key, where the document's
   * own fields do not say it (a line's `items.5.coa_attachment_id` → `attachments`).
   */
  refs: z.record(z.string(), z.string()).optional(),
});

/** One entry as the route answers it and the view reads it. */
export type TimelineEntry = Readonly<z.infer<typeof timelineEntrySchema>>;

/** Where a change key points: `supplierId` → supplier_id; `items.5.coa_attachment_id` → that
 * field of the line `items` row 5. Writes made through the ORM log camelCase names. */
export type TimelineChangeKey = { group: string | null; row: string | null; field: string };

export function timelineChangeKey(key: string): TimelineChangeKey {
  const parts = key.split('.');
  const field = (parts.at(-1) ?? key).replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
  return parts.length >= 3
    ? { group: parts[0] ?? null, row: parts[1] ?? null, field }
    : { group: null, row: null, field };
}

/** The key of a referenced row in an entry's `labels`: the referenced entity and the id. */
export const timelineRefKey = (entity: string, id: number | string): string => `${entity}:${id}`;
