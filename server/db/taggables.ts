import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';
import { taggables, tags } from './schema/general.ts';

// Tags of one row of a taggable entity (products, customers, suppliers, projects, samples),
// replaced as a whole in the caller's transaction. An unknown tag id fails its foreign key.

export async function setTags(
  tx: Tx,
  taggableType: string,
  taggableId: number,
  tagIds: readonly number[],
): Promise<void> {
  await tx
    .delete(taggables)
    .where(and(eq(taggables.taggableType, taggableType), eq(taggables.taggableId, taggableId)));
  const unique = [...new Set(tagIds)];
  if (unique.length === 0) return;
  await tx.insert(taggables).values(unique.map((tagId) => ({ tagId, taggableType, taggableId })));
}

export async function tagsOf(
  db: Db | Tx,
  taggableType: string,
  taggableId: number,
): Promise<{ id: number; name: string; color: string }[]> {
  return db
    .select({ id: tags.id, name: tags.name, color: tags.color })
    .from(taggables)
    .innerJoin(tags, eq(tags.id, taggables.tagId))
    .where(and(eq(taggables.taggableType, taggableType), eq(taggables.taggableId, taggableId)))
    .orderBy(asc(tags.name));
}
