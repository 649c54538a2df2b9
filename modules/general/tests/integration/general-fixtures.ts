import type { EntityDeclaration } from '../../../../src/domain/entity/entity-declaration.ts';
import { CURRENCIES } from '../../shared/entities/currencies.entity.ts';
import type { EntityApiClient, List } from '../../../../tests/support/entity-crud.ts';

// Look-ups of demo rows shared by the Administration suites.

/** The id of the row of `entity` whose `field` equals `value` (the demo seeds it). */
export async function byCode(
  api: EntityApiClient,
  entity: EntityDeclaration,
  value: string,
  field = 'code',
): Promise<number> {
  const reply = await api.get<List>(entity.api, {
    filter: [{ field, field_type: 'text', filters: [{ operator: 'equals', value }] }],
  });
  const row = reply.data.rows[0];
  if (!row) throw new Error(`no ${entity.name} with ${field} ${value}`);
  return row.id;
}

export async function anyCurrency(api: EntityApiClient): Promise<number> {
  return byCode(api, CURRENCIES, 'CAD');
}
