import { canAccess } from '../access.ts';
import type { EntityDeclaration } from './entity-declaration.ts';

/**
 * Whether these roles create, edit and delete the entity's rows: its `writeArea`, else its
 * `area`, exactly as the server's write routes check (entity-routes.ts, document-routes.ts). A
 * screen offers New, Save and Delete only when this holds; readers see the rows as text.
 */
export function canWriteEntity(
  roles: readonly string[],
  entity: Pick<EntityDeclaration, 'area' | 'writeArea'>,
): boolean {
  return canAccess(roles, entity.writeArea ?? entity.area);
}

/** Why a record reads only for these roles (they read the entity but do not write it), or null. */
export function readOnlyForRoles(
  roles: readonly string[],
  entity: Pick<EntityDeclaration, 'area' | 'writeArea' | 'label'>,
): string | null {
  return canWriteEntity(roles, entity)
    ? null
    : `Your role reads this ${entity.label.toLowerCase()}; it does not change it.`;
}
