import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { EntityDeclaration } from '../../../../src/domain/entity/entity-declaration.ts';
import { and, eq, sql } from 'drizzle-orm';
import {
  KNOWN_SETTINGS,
  SETTINGS,
  settingValueSchema,
} from '../../shared/entities/settings.entity.ts';
import { COMPANY_SETTING_KEY } from '../../shared/entities/company-setting.ts';
import type { Tx } from '../../../../server/db/client.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import { diffFields, writeAudit } from '../../../../server/db/audit.ts';
import { provinces, settings } from '../../../../server/db/schema/general.ts';
import { ruleError } from '../../../../server/errors/api-error.ts';
import { qualified, type EntityBinding } from '../../../../server/http/entity/entity-binding.ts';
import { entityRowSchema } from '../../../../server/http/entity/entity-row-schema.ts';
import {
  readOrFail,
  registerEntityRoutes,
  staleVersion,
} from '../../../../server/http/entity/entity-routes.ts';
import { publishChange } from '../../../../server/http/entity/publish-change.ts';
import { addRoute, signedIn } from '../../../../server/http/route.ts';
import { idParams } from '../../../../server/http/routes/common-fields.ts';

// Settings are read through the pattern (list, changes, export) but never created or deleted
// from the API: their keys are what the code reads, so they come from seeding. Only the value
// is edited, with its version, by the PUT below, which keeps the setting's JSON type (a
// flag stays a flag) and the shape of the settings code relies on.

export const settingsBinding: EntityBinding = {
  entity: SETTINGS,
  table: settings,
  computed: {
    module: sql<string>`split_part(${qualified(settings.key)}, '.', 1)`,
    value_text: sql<string>`${qualified(settings.value)}::text`,
  },
};

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * `sent` with 1/0 turned back into booleans wherever `current` holds a flag, at any depth:
 * the API sends booleans as 1/0 (docs/product.md §7), so a value read and sent back arrives that
 * way.
 */
function restoreFlags(current: unknown, sent: unknown): unknown {
  if (typeof current === 'boolean') return sent === 0 || sent === 1 ? sent === 1 : sent;
  if (Array.isArray(current) && Array.isArray(sent)) {
    return sent.map((item: unknown, i) => restoreFlags(current[i], item));
  }
  if (isRecord(current) && isRecord(sent)) {
    return Object.fromEntries(
      Object.entries(sent).map(([name, item]) => [name, restoreFlags(current[name], item)]),
    );
  }
  return sent;
}

/** Shapes modules add to KNOWN_SETTINGS, per app (each test builds its own). */
const addedShapes = new WeakMap<FastifyInstance, Map<string, z.ZodType>>();

/** Gives the settings of a module's own screen their shape here too, by key. */
export function addSettingShapes(
  app: FastifyInstance,
  shapes: Readonly<Record<string, z.ZodType>>,
): void {
  const added = addedShapes.get(app) ?? new Map<string, z.ZodType>();
  for (const [key, shape] of Object.entries(shapes)) added.set(key, shape);
  addedShapes.set(app, added);
}

/** The value to store: the current value's flags kept as flags, the shape code relies on. */
function checkedValue(app: FastifyInstance, key: string, current: unknown, sent: unknown): unknown {
  const next = restoreFlags(current, sent);
  const known = KNOWN_SETTINGS[key] ?? addedShapes.get(app)?.get(key);
  if (known) {
    const result = known.safeParse(next);
    if (!result.success) {
      // An object setting's issue names its field (value.name), so its form shows it there.
      const issue = result.error.issues[0];
      throw ruleError(['value', ...(issue?.path ?? [])].join('.'), issue?.message ?? 'in');
    }
    return result.data;
  }
  if (current !== null && jsonType(current) !== jsonType(next)) {
    throw ruleError('value', `Must stay a ${jsonType(current)}`);
  }
  return next;
}

/** The company's province must be one of the provinces (docs/product.md §5 `exists`). */
async function checkReferences(tx: Tx, key: string, value: unknown): Promise<void> {
  if (key !== COMPANY_SETTING_KEY || !isRecord(value) || typeof value.province_id !== 'number') {
    return;
  }
  const found = await tx
    .select({ id: provinces.id })
    .from(provinces)
    .where(eq(provinces.id, value.province_id));
  if (found.length === 0) throw ruleError('value.province_id', 'exists');
}

/**
 * The settings routes of `entity`: every setting (/general/settings), or a module's settings
 * screen (Assembly's), whose view holds only the keys of its `prefix` (docs/domain/README.md §0
 * Settings).
 */
export function registerSettingsRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  entity: EntityDeclaration = SETTINGS,
  prefix?: string,
): void {
  const binding = registerEntityRoutes(app, deps, {
    ...settingsBinding,
    entity,
    ...(prefix ? { where: sql`${settings.key} like ${`${prefix}.%`}` } : {}),
  });
  const { db } = deps.database;

  addRoute(app, {
    method: 'PUT',
    url: `${entity.api}/:id`,
    access: { area: entity.area },
    summary:
      'Change the value of a setting; send the version you read (409 stale_version otherwise)',
    params: idParams,
    body: settingValueSchema,
    response: entityRowSchema(entity),
    handler: async ({ params, body, user, request }) => {
      const actor = signedIn(user);
      const row = await db.transaction(async (tx) => {
        const before = await readOrFail(tx, binding, params.id);
        if (before.version !== body.version) throw await staleVersion(tx, binding, params.id);
        const value = checkedValue(app, String(before.key), before.value, body.value);
        await checkReferences(tx, String(before.key), value);
        const updated = await tx
          .update(settings)
          .set({ value, updatedBy: actor.id })
          .where(and(eq(settings.id, params.id), eq(settings.version, body.version)))
          .returning({ id: settings.id });
        if (updated.length !== 1) throw await staleVersion(tx, binding, params.id);
        await writeAudit(tx, {
          entityType: SETTINGS.name,
          entityId: params.id,
          action: 'update',
          changes: diffFields(before, { value }),
          userId: actor.id,
          ip: request.ip,
        });
        return readOrFail(tx, binding, params.id);
      });
      await publishChange(deps, entity, 'updated', row, {
        alsoTo: entity === SETTINGS ? [] : [SETTINGS.channel],
      });
      return row;
    },
  });
}
