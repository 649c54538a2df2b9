import type { EntityDeclaration } from '../../../domain/entity/entity-declaration.ts';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

/**
 * Why a document's form is read-only: documents are edited while draft (the server refuses
 * any other edit); past it only their workflow actions change them.
 */
export function draftOnly(entity: Pick<EntityDeclaration, 'label'>, row: EntityRow): string | null {
  if (row.status === 'draft') return null;
  const status = String(row.status).replaceAll('_', ' ');
  return `This ${entity.label.toLowerCase()} is ${status}: only a draft can be edited.`;
}
