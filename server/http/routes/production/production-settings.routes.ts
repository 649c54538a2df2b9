import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { SETTINGS } from '../../../../modules/general/shared/entities/settings.entity.ts';
import {
  PRODUCTION_SETTINGS,
  productionSetting,
  type ProductionSettingRow,
} from '../../../../src/domain/entities/production/production-settings.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { diffFields, writeAudit } from '../../../db/audit.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { plantTime } from '../../../db/plant-time.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { settings } from '../../../db/schema/general.ts';
import { ApiError, ruleError } from '../../../errors/api-error.ts';
import { resolveBinding } from '../../entity/entity-binding.ts';
import { readOrFail, staleVersion } from '../../entity/entity-routes.ts';
import { publishChange } from '../../entity/publish-change.ts';
import { addRoute, signedIn } from '../../route.ts';
import { versionField } from '../common-fields.ts';
import {
  addSettingShapes,
  settingsBinding,
} from '../../../../modules/general/server/routes/settings.binding.ts';

// The Production settings screen's calls (docs/domain/production.md §3.1 "module settings screens
// their prefix"; docs/product.md §6 "Production section main": admin). Every known `production.*`
// and `report.*` key is answered, version 0 with its fallback when it was never saved, so the
// screen shows what the rules use. A write is checked against the key's shape (422 with the
// message under `value`), sends the version read (409 stale_version), and is one transaction
// with its audit row; the change goes out on the settings channel after commit.

const AREA = { area: 'production_main' } as const;
const KEYS = PRODUCTION_SETTINGS.map((s) => s.key);
const resolved = resolveBinding(settingsBinding);

async function readSettings(db: Db | Tx): Promise<ProductionSettingRow[]> {
  const rows = await queryRows<{
    key: string;
    value: unknown;
    version: number;
    updated_at: string;
    updated_by_name: string | null;
  }>(
    db,
    sql`select s.key, s.value, s.version,
               to_char(${plantTime(sql`s.updated_at`)}, 'YYYY-MM-DD HH24:MI:SS') as updated_at,
               (select u.name from users u where u.id = s.updated_by) as updated_by_name
          from settings s
         where s.key in (${sql.join(
           KEYS.map((k) => sql`${k}`),
           sql`, `,
         )})`,
  );
  return PRODUCTION_SETTINGS.map((setting) => {
    const row = rows.find((r) => r.key === setting.key);
    return row
      ? { ...row, version: Number(row.version) }
      : {
          key: setting.key,
          value: setting.fallback,
          version: 0,
          updated_at: null,
          updated_by_name: null,
        };
  });
}

const settingSchema = z.object({
  key: z.string(),
  value: z.json(),
  version: z.number().int(),
  /** Plant time, YYYY-MM-DD HH:MM:SS; null while never saved. */
  updated_at: z.string().nullable(),
  updated_by_name: z.string().nullable(),
});

const keyParams = z.object({ key: z.string().max(100) });
const body = z.strictObject({ value: z.json(), version: versionField.or(z.literal(0)) });

export function registerProductionSettingsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  // The same keys edited from Administration's settings list take the same shapes.
  addSettingShapes(app, Object.fromEntries(PRODUCTION_SETTINGS.map((s) => [s.key, s.schema])));

  addRoute(app, {
    method: 'GET',
    url: '/api/production/settings',
    response: z.object({ rows: z.array(settingSchema) }),
    access: AREA,
    summary: 'The production.* and report.* settings with their versions (0: never saved)',
    handler: async () => ({ rows: await readSettings(db) }),
  });

  addRoute(app, {
    method: 'PUT',
    url: '/api/production/settings/:key',
    response: settingSchema,
    access: AREA,
    summary: 'Save one production or report setting; send the version you read (0 if never saved)',
    params: keyParams,
    body,
    handler: async ({ params, body: sent, user, request }) => {
      const actor = signedIn(user);
      const setting = productionSetting(params.key);
      if (!setting) throw ruleError('key', 'in');
      const checked = setting.schema.safeParse(sent.value);
      if (!checked.success) throw ruleError('value', checked.error.issues[0]?.message ?? 'in');
      const value = checked.data;
      // A target left unset is JSON null, not SQL NULL (the column holds a JSON value).
      const stored = value === null ? sql`'null'::jsonb` : value;
      const result = await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ id: settings.id, value: settings.value, version: settings.version })
          .from(settings)
          .where(eq(settings.key, setting.key))
          .for('update');
        if (!before) {
          // Never saved: version 0 creates it; a writer who came first makes this one stale.
          if (sent.version !== 0) throw new ApiError('stale_version', { version: 'other' }, 409);
          const [created] = await tx
            .insert(settings)
            .values({ key: setting.key, value: stored, createdBy: actor.id, updatedBy: actor.id })
            .onConflictDoNothing({ target: settings.key })
            .returning({ id: settings.id });
          if (!created) throw new ApiError('stale_version', { version: 'other' }, 409);
          await writeAudit(tx, {
            entityType: SETTINGS.name,
            entityId: created.id,
            action: 'create',
            changes: diffFields({}, { key: setting.key, value }),
            userId: actor.id,
            ip: request.ip,
          });
          return { id: created.id, verb: 'created' as const };
        }
        if (before.version !== sent.version) throw await staleVersion(tx, resolved, before.id);
        await tx
          .update(settings)
          .set({ value: stored, updatedBy: actor.id })
          .where(and(eq(settings.id, before.id), eq(settings.version, sent.version)));
        await writeAudit(tx, {
          entityType: SETTINGS.name,
          entityId: before.id,
          action: 'update',
          changes: diffFields({ value: before.value }, { value }),
          userId: actor.id,
          ip: request.ip,
        });
        return { id: before.id, verb: 'updated' as const };
      });
      const row = await readOrFail(db, resolved, result.id);
      await publishChange(deps, SETTINGS, result.verb, row);
      const [saved] = (await readSettings(db)).filter((r) => r.key === setting.key);
      return saved;
    },
  });
}
