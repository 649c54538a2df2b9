import { useContext, useEffect, useState } from 'react';
import { entityApi } from '../../../api/entity.api.ts';
import { entityNamed } from '../../../domain/entities/entity-registry.ts';
import type { EntityField } from '../../../domain/entity/entity-field.ts';
import { EntityRequestContext } from '../../common/entity-form/entity-request.context.ts';

// Labels of the rows that reference fields point at, for values that arrive as bare ids (a
// change request's proposal, the field logs): one options call per referenced entity.

/** The key of one referenced row in the map `useRefLabels` answers. */
export const refKey = (field: EntityField, id: unknown): string =>
  `${field.ref?.entity ?? field.name}:${String(id)}`;

export function useRefLabels(
  values: readonly { field: EntityField; value: unknown }[],
): ReadonlyMap<string, string> {
  const request = useContext(EntityRequestContext);
  const [labels, setLabels] = useState<ReadonlyMap<string, string>>(new Map());
  // One ask per entity and parameter family: a reviewer may load the families the product
  // form names (stamp jurisdictions), not every lookup.
  const wanted = new Map<string, Set<number>>();
  for (const { field, value } of values) {
    const id = Number(value);
    if (!field.ref || value === null || value === undefined || !Number.isInteger(id)) continue;
    const key = `${field.ref.entity}|${field.ref.parameterType ?? ''}`;
    wanted.set(key, (wanted.get(key) ?? new Set()).add(id));
  }
  // A stable description of what is wanted, so a render with the same ids fetches nothing.
  const signature = JSON.stringify([...wanted].map(([key, ids]) => [key, [...ids].sort()]));

  useEffect(() => {
    const asks = (JSON.parse(signature) as [string, number[]][]).flatMap(([key, ids]) => {
      const [name = '', family = ''] = key.split('|');
      const entity = entityNamed(name);
      return entity ? [{ name, family, ids, api: entityApi(entity, request) }] : [];
    });
    if (asks.length === 0) return;
    let live = true;
    void Promise.all(
      asks.map(async ({ name, family, ids, api }) =>
        (await api.options('', ids, family || undefined).catch(() => [])).map(
          (o) => [`${name}:${o.value}`, o.label] as const,
        ),
      ),
    ).then((found) => {
      if (live) setLabels(new Map(found.flat()));
    });
    return () => {
      live = false;
    };
  }, [signature, request]);

  return labels;
}
