import { inArray, sql, type SQL } from 'drizzle-orm';
import {
  listFields,
  type EntityDeclaration,
} from '../../../src/domain/entity/entity-declaration.ts';
import type { EntityField } from '../../../src/domain/entity/entity-field.ts';
import { allEntities } from '../../../src/domain/entities/entity-registry.ts';
import {
  timelineChangeKey,
  timelineRefKey,
  type TimelineEntry,
} from '../../../src/domain/entity/timeline-entry.ts';
import type { Db } from '../../db/client.ts';
import { attachments } from '../../db/schema/attachments.ts';
import type { EntityBindings } from '../entity/binding-registry.ts';
import type { ResolvedBinding } from '../entity/entity-binding.ts';

// A timeline's references said by name (a product's SKU and name, a location's name, a user's
// name) instead of the bare ids the audit log and transition payloads stored: every id of one
// referenced entity across the whole story is read in one query, never one per entry. A change
// key the document does not declare (a line's `items.5.coa_attachment_id`, an ORM write's
// `supplierId`) is matched by its field's name, and, failing the document's own fields, by a
// reference field of that name some entity declares (`coa_attachment_id` → attachments).

type StoryEntry = Omit<TimelineEntry, 'labels' | 'refs'>;

/** Files are no entity of their own: a file reads by its name. */
const FILES = 'attachments';

let declaredRefs: Map<string, string> | undefined;

/** Every reference field's name and the entity it names, across the declarations; a name two
 * entities give to different targets is left out (it could not be read for sure). */
function refsByName(): Map<string, string> {
  if (declaredRefs) return declaredRefs;
  const found = new Map<string, string | null>();
  for (const entity of allEntities()) {
    for (const field of entity.fields) {
      if (field.kind !== 'ref' || !field.ref) continue;
      const known = found.get(field.name);
      found.set(
        field.name,
        known === undefined || known === field.ref.entity ? field.ref.entity : null,
      );
    }
  }
  declaredRefs = new Map(
    [...found].flatMap(([name, target]) => (target ? [[name, target] as const] : [])),
  );
  return declaredRefs;
}

/**
 * How a referenced row reads in a story. Its picker label, followed by its name when that is
 * another column (a SKU alone says little to whoever did not type it); a person by their name
 * rather than their login.
 */
function labelSql(binding: ResolvedBinding): SQL | undefined {
  const columns = binding.filterColumns;
  if (binding.entity.name === 'users' && columns.name) return sql`${columns.name}::text`;
  const labelField = binding.entity.storyLabelField ?? binding.entity.labelField;
  const label = columns[labelField];
  if (!label) return undefined;
  const name = labelField === 'name' ? undefined : columns.name;
  return name
    ? sql`concat_ws(' · ', ${label}::text, nullif(${name}::text, ''))`
    : sql`${label}::text`;
}

/** The ids a value names: an audit's `[before, after]`, or a transition payload's one id. */
function idsIn(value: unknown): number[] {
  const values: unknown[] = Array.isArray(value) ? value : [value];
  return values.flatMap((v) => {
    const id = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
    return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? [id] : [];
  });
}

function refFields(entity: EntityDeclaration): Map<string, EntityField & { ref: object }> {
  const refs = new Map<string, EntityField & { ref: object }>();
  for (const field of listFields(entity)) {
    if (field.kind === 'ref' && field.ref)
      refs.set(field.name, field as EntityField & { ref: object });
  }
  return refs;
}

/** The entries, each with the labels of the rows its changes reference. */
export async function withRefLabels(
  db: Db,
  bindings: EntityBindings,
  entity: EntityDeclaration,
  story: readonly StoryEntry[],
): Promise<TimelineEntry[]> {
  const refs = refFields(entity);
  /** The entity a change key's ids name, if it names any. */
  const targetOf = (key: string): string | undefined => {
    const { group, field } = timelineChangeKey(key);
    const own =
      group === null ? (refs.get(field)?.ref.entity ?? entity.storyRefs?.[field]) : undefined;
    if (own) return own;
    // An uploaded file (a CoA, a record's file) is stored as its attachment's id.
    if (field === 'attachment_id' || field.endsWith('_attachment_id')) return FILES;
    return field.endsWith('_id') ? refsByName().get(field) : undefined;
  };
  const wanted = new Map<string, Set<number>>();
  for (const entry of story) {
    for (const [name, value] of Object.entries(entry.changes)) {
      const target = targetOf(name);
      if (!target) continue;
      const ids = wanted.get(target) ?? new Set<number>();
      for (const id of idsIn(value)) ids.add(id);
      wanted.set(target, ids);
    }
  }

  const labels = new Map<string, string>();
  await Promise.all(
    [...wanted].map(async ([target, ids]) => {
      if (target === FILES) {
        const files = await db
          .select({ id: attachments.id, label: attachments.fileName })
          .from(attachments)
          .where(inArray(attachments.id, [...ids]));
        for (const row of files) labels.set(timelineRefKey(target, row.id), row.label);
        return;
      }
      const binding = bindings.get(target);
      const label = binding && labelSql(binding);
      if (!binding || !label || ids.size === 0) return;
      const rows = await db
        .select({
          id: sql<number>`${binding.table.id}`.mapWith(Number),
          label: sql<string>`${label}`,
        })
        .from(binding.table)
        .where(inArray(binding.table.id, [...ids]));
      for (const row of rows) labels.set(timelineRefKey(target, row.id), row.label);
    }),
  );

  return story.map((entry) => {
    const own: Record<string, string> = {};
    const targets: Record<string, string> = {};
    for (const [name, value] of Object.entries(entry.changes)) {
      const target = targetOf(name);
      if (!target) continue;
      targets[name] = target;
      for (const id of idsIn(value)) {
        const label = labels.get(timelineRefKey(target, id));
        if (label !== undefined) own[timelineRefKey(target, id)] = label;
      }
    }
    return { ...entry, labels: own, refs: targets };
  });
}
