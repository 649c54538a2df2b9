import type { FastifyInstance } from 'fastify';
import { asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { nonFillPercent } from '../../../../src/domain/entities/production/recipe-formula.ts';
import {
  RD_SAMPLE_INGREDIENTS,
  RD_SAMPLES,
  type RdSampleDoc,
  type RdSampleRow,
} from '../../shared/entities/rd-samples.entity.ts';
import { RD_NICOTINE_TYPES, RD_VERDICTS } from '../../shared/entities/rd-values.ts';
import { writableFields } from '../../../../src/domain/entity/entity-declaration.ts';
import { rowOf } from '../../../../src/domain/entity/row-of.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import type { SessionUser } from '../../../../server/auth/session-user.ts';
import { writeAudit } from '../../../../server/db/audit.ts';
import type { Tx } from '../../../../server/db/client.ts';
import { products } from '../../../../server/db/schema/inventory.ts';
import {
  rdSampleEvaluations,
  rdSampleIngredients,
  rdSamples,
  rdSampleSpecifications,
} from '../db/rd.schema.ts';
import { ruleError, validationError } from '../../../../server/errors/api-error.ts';
import { lockedRead, staleVersion } from '../../../../server/http/entity/entity-routes.ts';
import { entityRowSchema } from '../../../../server/http/entity/entity-row-schema.ts';
import { assertLineRefs, assertRefs } from '../../../../server/http/entity/entity-refs.ts';
import { addRoute, signedIn } from '../../../../server/http/route.ts';
import { idParams, versionField } from '../../../../server/http/routes/common-fields.ts';
import { announceSamples, type SampleChannels } from './rd-samples.routes.ts';
import { readSample } from './rd-samples.binding.ts';
import { assertMayEvaluate, EVALUATOR_ROLES } from './requester-evaluation.ts';

// The work on one sample, each a write with the sample's version (stale → 409) in one
// transaction that moves the sample's version too: the flavorist's ingredients (Σ of the
// non-fill lines ≤ 100 % else `more100%`, one fill at most, it takes the rest), quality
// control's specifications (VG + PG ≤ 100 % else `more100%`), and the evaluations. Each is
// audited as the sample's timeline reads it: the formula before and after as SKUs and shares,
// each specification that changed under its own name, an evaluation's score and verdict.

const DEVELOPING = ['requested', 'in_preparation'];
const SPECIFYING = ['requested', 'in_preparation', 'prepared'];
const EVALUATING = ['sent', 'in_evaluation'];

const ingredientLine = z.strictObject({
  product_id: z.coerce.number().int().positive(),
  pct: z.coerce.number().min(0).max(100).nullable().optional(),
  is_fill: z.coerce.boolean().optional(),
});

const ingredientsBody = z.strictObject({
  version: versionField,
  ingredients: z.array(ingredientLine).min(1).max(100),
});

const num = (max: number, min = 0) => z.coerce.number().min(min).max(max).nullable().optional();

const specificationsBody = z.strictObject({
  version: versionField,
  nicotine_mg: num(100),
  nicotine_type: z.enum(RD_NICOTINE_TYPES).nullable().optional(),
  vg_pct: num(100),
  pg_pct: num(100),
  density_g_ml: num(99.9999),
  color: z.string().trim().max(60).nullable().optional(),
  appearance: z.string().trim().max(120).nullable().optional(),
  sensory_notes: z.string().trim().max(1000).nullable().optional(),
  flashpoint_c: num(999, -200),
  hplc_category_id: z.coerce.number().int().positive().nullable().optional(),
  shelf_life_days: z.coerce.number().int().min(1).max(3650).nullable().optional(),
});

const evaluationBody = z.strictObject({
  version: versionField,
  score: z.coerce.number().int().min(1).max(10),
  verdict: z.enum(RD_VERDICTS),
  comments: z.string().trim().max(2000).nullable().optional(),
});

const decimal = (v: number | null | undefined) =>
  v === undefined ? undefined : v === null ? null : String(v);

/** An audit's `{field: [before, after]}`. */
type Changes = Record<string, [unknown, unknown]>;

type FormulaLine = { product_id: number; pct: number | string | null; is_fill: boolean };

/** A formula as a person reads it: 'RM-FC-MANGO 8 %, RM-PG-USP fill'; null when empty. */
async function formulaText(tx: Tx, lines: readonly FormulaLine[]): Promise<string | null> {
  if (lines.length === 0) return null;
  const ids = [...new Set(lines.map((l) => l.product_id))];
  const skus = new Map(
    (
      await tx
        .select({ id: products.id, sku: products.sku })
        .from(products)
        .where(inArray(products.id, ids))
    ).map((p) => [p.id, p.sku]),
  );
  return lines
    .map((l) => {
      const sku = skus.get(l.product_id) ?? String(l.product_id);
      return l.is_fill ? `${sku} fill` : `${sku} ${Number(l.pct ?? 0)} %`;
    })
    .join(', ');
}

/** Whether a stored value (a numeric column reads as text) and a sent one are the same. */
function sameValue(stored: unknown, sent: unknown): boolean {
  if (stored === null || stored === undefined) return sent === null || sent === undefined;
  if (typeof sent === 'number') return Number(stored) === sent;
  return stored === sent;
}

const camelOf = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

export function registerRdSampleWorkRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  bindings: SampleChannels,
): void {
  const { db } = deps.database;
  const { samples } = bindings;

  /** Locks the sample, checks its version and status, runs `write`, moves its version. */
  async function sampleWrite(
    id: number,
    version: number,
    actor: SessionUser,
    statuses: readonly string[],
    what: string,
    /** Writes, and answers what it changed, for the audit. */
    write: (tx: Tx, doc: RdSampleRow) => Promise<Changes>,
  ): Promise<RdSampleDoc> {
    const row = await db.transaction(async (tx) => {
      const doc = rowOf(RD_SAMPLES, await lockedRead(tx, samples, id));
      if (doc.version !== version) throw await staleVersion(tx, samples, id);
      const status = doc.status ?? '';
      if (!statuses.includes(status)) {
        throw ruleError(
          'status',
          `A ${status.replaceAll('_', ' ')} sample's ${what} cannot change`,
        );
      }
      const changes = await write(tx, doc);
      await tx.update(rdSamples).set({ updatedBy: actor.id }).where(eq(rdSamples.id, id));
      // A save that changed nothing (the same specifications again) tells the story nothing.
      if (Object.keys(changes).length > 0) {
        await writeAudit(tx, {
          entityType: RD_SAMPLES.name,
          entityId: id,
          action: 'update',
          changes,
          userId: actor.id,
        });
      }
      return readSample(tx, samples, id);
    });
    await announceSamples(deps, bindings, { updated: id });
    return row;
  }

  addRoute(app, {
    method: 'PUT',
    url: `${RD_SAMPLES.api}/:id/ingredients`,
    access: { area: 'rd_samples' },
    callers: { roles: ['rd_flavorist', 'rd_supervisor'] },
    summary:
      "Replace a sample's ingredients while it is developed (Σ of the non-fill lines ≤ 100 %, else more100%); send the sample's version",
    params: idParams,
    body: ingredientsBody,
    response: entityRowSchema(RD_SAMPLES),
    handler: async ({ params, body, user }) =>
      sampleWrite(
        params.id,
        body.version,
        signedIn(user),
        DEVELOPING,
        'ingredients',
        async (tx) => {
          const lines = body.ingredients;
          await assertLineRefs(tx, writableFields(RD_SAMPLE_INGREDIENTS), lines, 'ingredients');
          const seen = new Set<number>();
          lines.forEach((line, i) => {
            if (seen.has(line.product_id))
              throw validationError({ [`ingredients.${i}.product_id`]: 'unique' });
            seen.add(line.product_id);
          });
          if (nonFillPercent(lines.map((l) => ({ ...l, percentage: l.pct }))) > 100 + 1e-6) {
            throw validationError({ ingredients: 'more100%' });
          }
          if (lines.filter((l) => l.is_fill).length > 1) {
            throw ruleError('ingredients', 'Only one ingredient may be the fill');
          }
          const before = await tx
            .select({
              product_id: rdSampleIngredients.productId,
              pct: rdSampleIngredients.pct,
              is_fill: rdSampleIngredients.isFill,
            })
            .from(rdSampleIngredients)
            .where(eq(rdSampleIngredients.rdSampleId, params.id))
            .orderBy(asc(rdSampleIngredients.sort), asc(rdSampleIngredients.id));
          await tx.delete(rdSampleIngredients).where(eq(rdSampleIngredients.rdSampleId, params.id));
          await tx.insert(rdSampleIngredients).values(
            lines.map((l, i) => ({
              rdSampleId: params.id,
              productId: l.product_id,
              pct: String(l.is_fill ? 0 : (l.pct ?? 0)),
              isFill: l.is_fill ?? false,
              sort: i + 1,
              createdBy: signedIn(user).id,
              updatedBy: signedIn(user).id,
            })),
          );
          const after = lines.map((l) => ({
            ...l,
            pct: l.pct ?? null,
            is_fill: l.is_fill ?? false,
          }));
          return { formula: [await formulaText(tx, before), await formulaText(tx, after)] };
        },
      ),
  });

  addRoute(app, {
    method: 'PUT',
    url: `${RD_SAMPLES.api}/:id/specifications`,
    access: { area: 'rd_samples' },
    summary:
      "Write a sample's specifications until it is sent (VG + PG ≤ 100 %, else more100%); send the sample's version",
    params: idParams,
    body: specificationsBody,
    response: entityRowSchema(RD_SAMPLES),
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      const { version, ...spec } = body;
      return sampleWrite(params.id, version, actor, SPECIFYING, 'specifications', async (tx) => {
        const before = (
          await tx
            .select()
            .from(rdSampleSpecifications)
            .where(eq(rdSampleSpecifications.rdSampleId, params.id))
        )[0];
        const vg = spec.vg_pct !== undefined ? spec.vg_pct : before?.vgPct;
        const pg = spec.pg_pct !== undefined ? spec.pg_pct : before?.pgPct;
        if (Number(vg ?? 0) + Number(pg ?? 0) > 100 + 1e-6) {
          throw validationError({ pg_pct: 'more100%' });
        }
        if (spec.hplc_category_id != null) {
          await assertRefs(
            tx,
            [
              {
                name: 'hplc_category_id',
                label: 'HPLC category',
                kind: 'ref',
                ref: { entity: 'hplc_categories', labelField: 'hplc_category_name' },
              },
            ],
            spec,
          );
        }
        const values = {
          nicotineMg: decimal(spec.nicotine_mg),
          nicotineType: spec.nicotine_type,
          vgPct: decimal(spec.vg_pct),
          pgPct: decimal(spec.pg_pct),
          densityGMl: decimal(spec.density_g_ml),
          color: spec.color,
          appearance: spec.appearance,
          sensoryNotes: spec.sensory_notes,
          flashpointC: decimal(spec.flashpoint_c),
          hplcCategoryId: spec.hplc_category_id,
          shelfLifeDays: spec.shelf_life_days,
          updatedBy: actor.id,
        };
        if (before) {
          await tx
            .update(rdSampleSpecifications)
            .set(values)
            .where(eq(rdSampleSpecifications.id, before.id));
        } else {
          await tx
            .insert(rdSampleSpecifications)
            .values({ ...values, rdSampleId: params.id, createdBy: actor.id });
        }
        const changes: Changes = {};
        for (const [name, value] of Object.entries(spec)) {
          const stored = before ? (before as Record<string, unknown>)[camelOf(name)] : null;
          if (value !== undefined && !sameValue(stored, value))
            changes[name] = [stored ?? null, value];
        }
        return changes;
      });
    },
  });

  addRoute(app, {
    method: 'POST',
    url: `${RD_SAMPLES.api}/:id/evaluations`,
    // The requester evaluates from the project page, outside the samples area.
    access: 'authenticated',
    callers: { roles: EVALUATOR_ROLES },
    summary:
      "Evaluate a sent sample (score 1–10, verdict): supervisor, quality control, or the project's requester; send the sample's version",
    params: idParams,
    body: evaluationBody,
    response: entityRowSchema(RD_SAMPLES),
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      return sampleWrite(
        params.id,
        body.version,
        actor,
        EVALUATING,
        'evaluations',
        async (tx, doc) => {
          await assertMayEvaluate(tx, actor, doc);
          await tx.insert(rdSampleEvaluations).values({
            rdSampleId: params.id,
            evaluatorId: actor.id,
            score: body.score,
            verdict: body.verdict,
            comments: body.comments ?? null,
            createdBy: actor.id,
            updatedBy: actor.id,
          });
          return {
            score: [null, body.score],
            verdict: [null, body.verdict],
            ...(body.comments ? { comments: [null, body.comments] } : {}),
          };
        },
      );
    },
  });
}
