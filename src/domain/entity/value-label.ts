import { statusLabel } from '../status-tags.ts';
import type { EntityField } from './entity-field.ts';

/** How an enum or multi value reads, in a grid cell and a picker alike: its declared label
 * where title case reads wrong (`hplc_tech` → 'HPLC Tech'), else the code in words. */
export function valueLabel(field: Pick<EntityField, 'valueLabels'>, value: string): string {
  return field.valueLabels?.[value] ?? statusLabel(value);
}
