import { z } from 'zod';
import {
  listFields,
  type EntityDeclaration,
} from '../../../src/domain/entity/entity-declaration.ts';
import type { EntityField } from '../../../src/domain/entity/entity-field.ts';
import { wireFlag } from '../wire-schemas.ts';

// What one row of an entity looks like on the wire, from the same declaration the routes
// validate with: the `data` schemas of the OpenAPI description, so a generated client is typed.

function valueSchema(field: EntityField, readModel: boolean): z.ZodType {
  switch (field.kind) {
    case 'number':
    case 'money':
      // Numerics travel as numbers (entity-binding.ts), integers where no decimals are kept.
      // A computed field's precision is how it is shown (a task's progress, 33.33, shows 33).
      return field.precision === 0 && !field.readOnly ? z.number().int() : z.number();
    case 'boolean':
      // A flag the server computes may be a count read for its truthiness (a workflow fact:
      // open tasks), so only a field people write is surely 1/0.
      return field.readOnly ? z.number().int().min(0) : wireFlag;
    case 'enum':
      // A read model's list may gather documents of several kinds, each with its own statuses.
      return field.enumValues?.length && !readModel ? z.literal([...field.enumValues]) : z.string();
    case 'multi':
      return z.array(z.string());
    case 'ref':
      return z.number().int();
    case 'json':
      return z.unknown();
    default:
      return z.string();
  }
}

const rowSchemas = new WeakMap<EntityDeclaration, z.ZodObject>();

export function entityRowSchema(entity: EntityDeclaration): z.ZodObject {
  let schema = rowSchemas.get(entity);
  if (!schema) {
    const shape: Record<string, z.ZodType> = { seq: z.number().int() };
    // A read model (a ledger, a report, a dashboard) declares `required` for its filters' and
    // forms' sake; its rows may still lack the value (an R&D sample's HPLC request has no product).
    const readModel = entity.writable === false;
    for (const field of listFields(entity)) {
      const value = valueSchema(field, readModel);
      const present =
        (field.required && !readModel) || field.name === 'id' || field.name === 'version';
      shape[field.name] = present ? value : value.nullable();
      // A reference carries the label of the row it points at, for grids and pickers.
      if (field.kind === 'ref' && field.ref) shape[field.ref.labelField] = z.string().nullable();
    }
    // Loose: a binding may add columns of its own (readExtra) besides the declared fields.
    schema = z.looseObject(shape).meta({ id: `${pascal(entity.name)}Row` });
    rowSchemas.set(entity, schema);
  }
  return schema;
}

export function entityPageSchema(entity: EntityDeclaration) {
  return z.object({
    rows: z.array(entityRowSchema(entity)),
    total: z.number().int(),
    total_capped: wireFlag,
    page: z.number().int(),
    per_page: z.number().int(),
    seq: z.number().int(),
  });
}

export function entityChangesSchema(entity: EntityDeclaration) {
  return z.object({
    rows: z.array(entityRowSchema(entity)),
    deleted: z.array(z.number().int()),
    seq: z.number().int(),
    more: wireFlag,
  });
}

export const optionsSchema = z.array(
  z.object({
    value: z.number().int(),
    label: z.string(),
    detail: z.string().nullable().optional(),
  }),
);

function pascal(name: string): string {
  return name.replace(/(^|[_\-.])(\w)/g, (_, _sep: string, c: string) => c.toUpperCase());
}
