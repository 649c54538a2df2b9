import { asc, eq, sql } from 'drizzle-orm';
import {
  RD_SAMPLE_EVALUATIONS,
  RD_SAMPLE_INGREDIENTS,
  RD_SAMPLES,
  rdSampleDoc,
  type RdSampleDoc,
  type RdSampleEvaluationRow,
  type RdSampleIngredientRow,
  type RdSampleSpecifications,
} from '../../shared/entities/rd-samples.entity.ts';
import type { Db, Tx } from '../../../../server/db/client.ts';
import {
  rdProjects,
  rdSampleEvaluations,
  rdSampleIngredients,
  rdSamples,
  rdSampleSpecifications,
} from '../db/rd.schema.ts';
import {
  qualified,
  refLabel,
  resolveBinding,
  type EntityBinding,
  type ResolvedBinding,
} from '../../../../server/http/entity/entity-binding.ts';
import { readOrFail } from '../../../../server/http/entity/entity-routes.ts';
import { productLabels } from '../../../../server/http/entity/shared-field-labels.ts';
import { readSampleHplc } from './rd-sample-hplc.ts';

// How samples read: their project, their parent, the facts the workflow's guards read (the
// formula's problem, the specifications still missing, the evaluations saved), and with one
// sample its ingredients, its specifications and its evaluations.

const id = qualified(rdSamples.id);
const userName = (column: typeof rdSamples.flavoristId) =>
  sql<string | null>`(select u.name from users u where u.id = ${qualified(column)})`;

/** Σ of the non-fill percentages and the number of fill lines of the sample. */
const nonFill = sql`(select coalesce(sum(i.pct) filter (where not i.is_fill), 0)
  from rd_sample_ingredients i where i.rd_sample_id = ${id})`;
const fills = sql`(select count(*) filter (where i.is_fill)
  from rd_sample_ingredients i where i.rd_sample_id = ${id})`;

/** The same verdicts as recipe-formula.ts's formulaError, over the stored lines. */
const formulaProblem = sql<string | null>`case
  when not exists (select 1 from rd_sample_ingredients i where i.rd_sample_id = ${id})
    then 'Add the ingredients first'
  when ${nonFill} > 100.000001 then 'more100%'
  when ${fills} > 1 then 'Only one ingredient may be the fill'
  when ${fills} = 0 and abs(${nonFill} - 100) > 0.000001
    then 'Without a fill ingredient the percentages must add up to 100'
  else null end`;

/** The specifications a sample is sent with (docs/domain/rd.md §7 "specs complete"). */
const REQUIRED_SPECS: readonly [string, string][] = [
  ['nicotine_mg', 'nicotine'],
  ['vg_pct', 'VG'],
  ['pg_pct', 'PG'],
  ['density_g_ml', 'density'],
  ['flashpoint_c', 'flashpoint'],
  ['shelf_life_days', 'shelf life'],
];
const specsMissing = sql<string | null>`coalesce(
  (select nullif(concat_ws(', ', ${sql.raw(
    REQUIRED_SPECS.map(([col, label]) => `case when s.${col} is null then '${label}' end`).join(
      ', ',
    ),
  )}), '') from rd_sample_specifications s where s.rd_sample_id = ${id}),
  case when exists (select 1 from rd_sample_specifications s where s.rd_sample_id = ${id})
    then null else 'all of them' end)`;

export const rdSampleComputed = {
  project_number: refLabel(rdSamples.rdProjectId, rdProjects, 'number'),
  project_title: refLabel(rdSamples.rdProjectId, rdProjects, 'title'),
  project_status: refLabel(rdSamples.rdProjectId, rdProjects, 'status'),
  parent_number: refLabel(rdSamples.parentSampleId, rdSamples, 'number'),
  flavorist_name: userName(rdSamples.flavoristId),
  fill_pct: sql<
    number | null
  >`(case when ${fills} = 1 then greatest(0, 100 - ${nonFill}) end)::float8`,
  avg_score: sql<number | null>`(select round(avg(e.score), 1)::float8
    from rd_sample_evaluations e where e.rd_sample_id = ${id})`,
  formula_problem: formulaProblem,
  specs_missing: specsMissing,
  evaluation_count: sql<number>`(select count(*)::int from rd_sample_evaluations e
    where e.rd_sample_id = ${id})`,
  recipe_code: sql<string | null>`(select r.code from recipes r where r.rd_sample_id = ${id}
    order by r.id limit 1)`,
  recipe_product_id: sql<number | null>`(select r.product_id from recipes r
    where r.rd_sample_id = ${id} order by r.id limit 1)`,
  recipe_product_sku: sql<string | null>`(select p.sku from recipes r join products p
    on p.id = r.product_id where r.rd_sample_id = ${id} order by r.id limit 1)`,
  hplc_category_id: sql<number | null>`(select s.hplc_category_id
    from rd_sample_specifications s where s.rd_sample_id = ${id})`,
  hplc_category_name: sql<string | null>`(select h.name from rd_sample_specifications s
    join hplc_categories h on h.id = s.hplc_category_id where s.rd_sample_id = ${id})`,
};

const ingredientsBinding = resolveBinding({
  entity: RD_SAMPLE_INGREDIENTS,
  table: rdSampleIngredients,
  computed: productLabels(rdSampleIngredients.productId),
});

export const rdEvaluationsBinding: EntityBinding = {
  entity: RD_SAMPLE_EVALUATIONS,
  table: rdSampleEvaluations,
  computed: {
    sample_number: refLabel(rdSampleEvaluations.rdSampleId, rdSamples, 'number'),
    evaluator_name: sql<string | null>`(select u.name from users u
      where u.id = ${qualified(rdSampleEvaluations.evaluatorId)})`,
  },
};
const evaluationsBinding = resolveBinding(rdEvaluationsBinding);

export async function readIngredients(
  db: Db | Tx,
  sampleId: number,
): Promise<RdSampleIngredientRow[]> {
  // Read through the ingredients' binding, so each value is as its kind declares.
  return (await db
    .select(ingredientsBinding.selection)
    .from(rdSampleIngredients)
    .where(eq(rdSampleIngredients.rdSampleId, sampleId))
    .orderBy(
      asc(rdSampleIngredients.sort),
      asc(rdSampleIngredients.id),
    )) as RdSampleIngredientRow[];
}

/** The specifications as the screen edits them (numbers as numbers), or null. */
export async function readSpecifications(
  db: Db | Tx,
  sampleId: number,
): Promise<RdSampleSpecifications | null> {
  const [row] = await db
    .select({
      nicotine_mg: sql<number | null>`${rdSampleSpecifications.nicotineMg}::float8`,
      nicotine_type: rdSampleSpecifications.nicotineType,
      vg_pct: sql<number | null>`${rdSampleSpecifications.vgPct}::float8`,
      pg_pct: sql<number | null>`${rdSampleSpecifications.pgPct}::float8`,
      density_g_ml: sql<number | null>`${rdSampleSpecifications.densityGMl}::float8`,
      color: rdSampleSpecifications.color,
      appearance: rdSampleSpecifications.appearance,
      sensory_notes: rdSampleSpecifications.sensoryNotes,
      flashpoint_c: sql<number | null>`${rdSampleSpecifications.flashpointC}::float8`,
      hplc_category_id: rdSampleSpecifications.hplcCategoryId,
      shelf_life_days: rdSampleSpecifications.shelfLifeDays,
      approved_by: rdSampleSpecifications.approvedBy,
    })
    .from(rdSampleSpecifications)
    .where(eq(rdSampleSpecifications.rdSampleId, sampleId));
  return row ?? null;
}

/** What one sample's read adds: its ingredients, specifications, evaluations, HPLC test. */
const sampleExtra = async (db: Db | Tx, row: { id: number }) => ({
  ingredients: await readIngredients(db, row.id),
  specifications: await readSpecifications(db, row.id),
  evaluations: (await db
    .select(evaluationsBinding.selection)
    .from(rdSampleEvaluations)
    .where(eq(rdSampleEvaluations.rdSampleId, row.id))
    .orderBy(asc(rdSampleEvaluations.id))) as RdSampleEvaluationRow[],
  hplc_request: await readSampleHplc(db, row.id),
});

export const rdSamplesBinding: EntityBinding = {
  entity: RD_SAMPLES,
  table: rdSamples,
  computed: rdSampleComputed,
  ownWrites: true,
  readExtra: sampleExtra,
};

/** One sample as GET /:id answers it, for the routes that change it. */
export async function readSample(
  db: Db | Tx,
  binding: ResolvedBinding,
  id: number,
): Promise<RdSampleDoc> {
  const row = await readOrFail(db, binding, id);
  return { ...rdSampleDoc(row), ...(await sampleExtra(db, row)) };
}
