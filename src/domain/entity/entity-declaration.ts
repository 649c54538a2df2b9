import { z } from 'zod';
import type { Area } from '../access.ts';
import type { FilterableField } from '../table-filter/filterable-field.ts';
import {
  declareFields,
  filterTypeOf,
  type EntityField,
  type NoUnknownKeys,
  type UnknownFieldKeys,
} from './entity-field.ts';
import { fieldSchema } from './field-schema.ts';

// One declaration per entity (docs/architecture.md): what the server validates and lets a list
// filter by, and what the views show as grid columns, filter widgets and form inputs. A
// bespoke screen overrides what it must and keeps the rest.

/**
 * `F` is the declared fields; declareEntity keeps their literal names and kinds, so a row's type
 * follows from the declaration (RowOf, row-of.ts). Plain `EntityDeclaration` is any entity.
 */
export type EntityDeclaration<F extends readonly EntityField[] = readonly EntityField[]> = {
  /** Plural snake_case name, also the table's name: `countries`. */
  readonly name: string;
  /** One row, for titles and messages: 'Country'. */
  readonly label: string;
  /** Many rows: 'Countries'. */
  readonly pluralLabel: string;
  /** The API collection: `/api/general/countries` (rows at `/:id`). */
  readonly api: string;
  /** The access-table area whose roles read and write the entity. */
  readonly area: Area;
  /** The module channel its changes are broadcast on: `private-general.countries`. */
  readonly channel: string;
  /** Event prefix: `country` gives `country.created`, `country.updated`, `country.deleted`. */
  readonly event: string;
  /** The field that names a row in pickers and messages. */
  readonly labelField: string;
  readonly fields: F;
  /** Default sort of the list. */
  readonly defaultSort?: { field: string; direction: 'asc' | 'desc' };
  /** Who may create, edit and delete, when fewer roles write than read (recipes). */
  readonly writeArea?: Area;
  /**
   * Whether people create, edit and delete rows: through the generic routes, or a document's
   * own (numbering, lines, drafts only). False for ledgers, read models and reports.
   */
  readonly writable?: boolean;
  /** False for rows kept for the record once created (a reel is rejected, never deleted). */
  readonly deletable?: boolean;
  /** Set on documents and master records that Ctrl+K finds by typing. */
  readonly searchable?: EntitySearchable;
  /**
   * Button words of workflow events whose name would read like another button of the page
   * (stamping's `save` event beside the form's Save); others read as their name.
   */
  readonly eventLabels?: Readonly<Record<string, string>>;
  /**
   * Areas whose screens pick this entity's rows outside any declared form or line (a
   * dashboard's modal): their roles may load its picker options too (options-access.ts).
   */
  readonly pickerAreas?: readonly Area[];
  /**
   * Rows a workflow event's payload lists by id under a name no field declares, and the
   * entity they are rows of (a revision made effective lists the trainings it `assigned`):
   * its timeline names them instead of showing their ids.
   */
  readonly storyRefs?: Readonly<Record<string, string>>;
  /** The field a row of it reads by in another record's story, where not its labelField
   * (a training by its trainee). */
  readonly storyLabelField?: string;
};

/**
 * An entity's declaration as written, its literal field names and kinds (and `required`,
 * `enumValues`, `writable`) kept, so `RowOf<typeof X>` (row-of.ts) is its rows' type. It is
 * checked as an EntityDeclaration, a misspelt key of it or of a field included.
 */
export function declareEntity<const D extends EntityDeclaration>(
  declaration: D,
  ...unknownKeys: NoUnknownKeys<
    | Exclude<keyof D, keyof EntityDeclaration>
    | UnknownFieldKeys<D['fields']>
    | (D extends { readonly defaultSort: infer S }
        ? Exclude<keyof S, 'field' | 'direction'>
        : never)
    | (D extends { readonly searchable: infer S }
        ? Exclude<keyof S, keyof EntitySearchable>
        : never)
  >
): D {
  void unknownKeys;
  return declaration;
}

/** A search hit's row: its id and the searched fields, as the list API names them. */
export type SearchHitRow = Readonly<Record<string, unknown>> & { readonly id: number };

/**
 * How Ctrl+K finds and opens an entity's rows. The server searches `fields` only for a caller
 * whose roles read the entity and whose menu holds `page` (roles and enabled modules).
 */
export type EntitySearchable = {
  /** Text fields typed into: numbers, codes, names, SKUs, lot numbers; the first names a hit. */
  readonly fields: readonly string[];
  /** The list page (a route-map path) the rows belong to. */
  readonly page: string;
  /** The row's own form route without its id (`/inventory/receiving`): a hit opens there. */
  readonly form?: string;
  /**
   * Where a hit opens, when neither `form` nor the list says it. Otherwise the list page opens
   * the row itself (`page?open=<id>`), as a double-click there would: a drawer, a stamping
   * order's current step.
   */
  readonly open?: (row: SearchHitRow) => string;
};

/** The URL a search hit opens. */
export function searchHitPath(searchable: EntitySearchable, row: SearchHitRow): string {
  if (searchable.open) return searchable.open(row);
  if (searchable.form) return `${searchable.form}/${row.id}`;
  return `${searchable.page}?open=${row.id}`;
}

/** Columns every row carries whatever the entity (docs/domain/README.md §0 `+std`). */
const STANDARD = declareFields([
  {
    name: 'id',
    label: 'ID',
    kind: 'number',
    precision: 0,
    readOnly: true,
    hidden: true,
    width: 90,
  },
  {
    name: 'version',
    label: 'Version',
    kind: 'number',
    precision: 0,
    readOnly: true,
    hidden: true,
    listOnly: true,
  },
  {
    name: 'updated_at',
    label: 'Updated',
    kind: 'datetime',
    readOnly: true,
    hidden: true,
    listOnly: true,
  },
  {
    name: 'updated_by_name',
    label: 'Updated by',
    kind: 'text',
    readOnly: true,
    hidden: true,
    listOnly: true,
  },
]);
export const STANDARD_FIELDS: readonly EntityField[] = STANDARD;
/** The standard fields with their literal names and kinds, for RowOf (row-of.ts). */
export type StandardFields = typeof STANDARD;

/** Every field a list row of the entity has: its own and the standard ones. */
export function listFields(entity: EntityDeclaration): readonly EntityField[] {
  const own = new Set(entity.fields.map((f) => f.name));
  return [...entity.fields, ...STANDARD_FIELDS.filter((f) => !own.has(f.name))];
}

const filterables = new WeakMap<EntityDeclaration, readonly FilterableField[]>();

/** The filter whitelist of the entity's list, for validateTableQuery and the grid. */
export function filterableFields(entity: EntityDeclaration): readonly FilterableField[] {
  let fields = filterables.get(entity);
  if (!fields) {
    fields = listFields(entity)
      .filter((f) => f.kind !== 'json')
      .map((f) => ({
        name: f.name,
        type: filterTypeOf(f),
        ...(f.filterable === false ? { filterable: false } : {}),
        ...(f.sortable === false ? { sortable: false } : {}),
        ...(f.enumValues ? { enumValues: f.enumValues } : {}),
      }));
    filterables.set(entity, fields);
  }
  return fields;
}

/** The fields a client may send. */
export function writableFields(entity: EntityDeclaration): readonly EntityField[] {
  return entity.fields.filter((f) => !f.readOnly && !f.listOnly);
}

/** The create payload: every writable field, required ones required. */
export function createSchema(entity: EntityDeclaration) {
  const shape = Object.fromEntries(
    writableFields(entity).map((f) => [
      f.name,
      f.required ? fieldSchema(f) : fieldSchema(f).optional(),
    ]),
  );
  return z.strictObject(shape);
}

/** The update payload: any writable fields plus the `version` the client last read. */
export function updateSchema(entity: EntityDeclaration) {
  const shape = Object.fromEntries(
    writableFields(entity).map((f) => [f.name, fieldSchema(f).optional()]),
  );
  return z.strictObject({ ...shape, version: z.coerce.number().int().positive() });
}

export function fieldOf(entity: EntityDeclaration, name: string): EntityField | undefined {
  return listFields(entity).find((f) => f.name === name);
}
