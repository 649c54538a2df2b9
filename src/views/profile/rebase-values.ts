/**
 * The values a form should show once a newer copy of its record arrives: what the person
 * changed stays as typed, every untouched field takes the record's value. Used after a stale
 * version, so reloading the profile never throws away what was typed.
 */
export function rebaseValues<V extends object>(
  current: V,
  fresh: V,
  isDirty: (field: keyof V & string) => boolean,
): V {
  const next = { ...fresh };
  for (const field of Object.keys(fresh) as (keyof V & string)[]) {
    if (isDirty(field)) next[field] = current[field];
  }
  return next;
}
