import { canAccess, type Area } from '../access.ts';
import type { EntityDeclaration } from '../entity/entity-declaration.ts';
import type { PickerForm } from '../entity/picker-form.ts';
import { allDocumentLines } from './document-lines.ts';
import { allEntities, allModuleForms } from './entity-registry.ts';
import { PRODUCT_FIELDS } from './inventory/products.entity.ts';
import { DAILY_ORDER_ACCEPT_QUESTION, DAILY_ORDERS } from './production/daily-orders.entity.ts';

// Who may load an entity's picker options (`GET …/options`): whoever may read the entity, and
// whoever works in an area whose records reference it (a form's picker, a list's filter by
// that reference). A reference to `parameters` grants only the family it names, so a form
// that picks stamp jurisdictions does not open the hold reasons to its role.

export type OptionsGrant = {
  readonly area: Area;
  /** Only rows of this parameter family (references to `parameters`). */
  readonly parameterType?: string;
};

/** A form's fields, asked by whoever reads its record and whoever writes it. */
const editedIn = (record: EntityDeclaration, fields: PickerForm['fields']): PickerForm[] => [
  { area: record.area, fields },
  ...(record.writeArea ? [{ area: record.writeArea, fields }] : []),
];

/**
 * Fields edited outside their own entity's declaration: a change request proposes a product;
 * accepting a daily order asks for the flow its orders go on. A slice gives its own such forms
 * with its entities (R&D's promotion and sample request: `allModuleForms()`).
 */
const OTHER_FORMS: readonly PickerForm[] = [
  { area: 'inventory_changes', fields: PRODUCT_FIELDS },
  ...editedIn(DAILY_ORDERS, DAILY_ORDER_ACCEPT_QUESTION.fields),
];

function fieldSets(): PickerForm[] {
  return [
    ...allEntities().flatMap((e) => editedIn(e, e.fields)),
    ...allDocumentLines().flatMap((d) => editedIn(d.entity, d.lines.fields)),
    ...OTHER_FORMS,
    ...allModuleForms(),
  ];
}

let grants: Map<string, OptionsGrant[]> | null = null;

function grantsByEntity(): Map<string, OptionsGrant[]> {
  if (grants) return grants;
  const built = new Map<string, OptionsGrant[]>();
  const add = (entity: string, grant: OptionsGrant) => {
    const list = built.get(entity) ?? [];
    if (!list.some((g) => g.area === grant.area && g.parameterType === grant.parameterType)) {
      list.push(grant);
    }
    built.set(entity, list);
  };
  for (const entity of allEntities()) {
    add(entity.name, { area: entity.area });
    if (entity.writeArea) add(entity.name, { area: entity.writeArea });
    for (const area of entity.pickerAreas ?? []) add(entity.name, { area });
  }
  for (const { area, fields } of fieldSets()) {
    for (const field of fields) {
      // A picker whose entity another field chooses (a discount's product, family or brand)
      // may load each entity it can follow.
      const refs = [
        ...(field.kind === 'ref' && field.ref ? [field.ref] : []),
        ...Object.values(field.refFollows?.refs ?? {}),
      ];
      for (const { entity, parameterType } of refs) {
        add(entity, parameterType ? { area, parameterType } : { area });
      }
    }
  }
  grants = built;
  return built;
}

/** The areas (and parameter families) whose roles may load `entity`'s options. */
export function optionsGrants(entity: Pick<EntityDeclaration, 'name' | 'area'>): OptionsGrant[] {
  return grantsByEntity().get(entity.name) ?? [{ area: entity.area }];
}

/**
 * Whether a user with `roles` may load `entity`'s options, narrowed to the parameter family
 * `parameterType` when the picker names one.
 */
export function canLoadOptions(
  roles: readonly string[],
  entity: Pick<EntityDeclaration, 'name' | 'area'>,
  parameterType?: string,
): boolean {
  return optionsGrants(entity).some(
    (g) =>
      canAccess(roles, g.area) &&
      (g.parameterType === undefined || g.parameterType === parameterType),
  );
}
