import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  unique,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  RD_NICOTINE_TYPES,
  RD_PRIORITIES,
  RD_PROJECT_STATUSES,
  RD_SAMPLE_STATUSES,
  RD_VERDICTS,
} from '../../shared/entities/rd-values.ts';
import { checkInList } from '../../../../server/db/schema/check-in-list.ts';
import { customers } from '../../../../server/db/schema/customers.ts';
import { brands, products } from '../../../../server/db/schema/inventory.ts';
import { hplcCategories } from '../../../../server/db/schema/production.ts';
import { standardColumns, users } from '../../../../server/db/schema/users.ts';

// R&D (docs/domain/rd.md §7): projects (RD-) asked for by a requester, their samples (SM-), one per
// iteration, each with its ingredients, its specifications and its evaluations. A sample's
// ingredients, specifications and evaluations go with it (cascade); every other key restricts.

const ref = () => bigint({ mode: 'number' });
const pct = () => numeric({ precision: 7, scale: 4 });
const mg = () => numeric({ precision: 10, scale: 3 });

export const rdProjects = pgTable(
  'rd_projects',
  {
    ...standardColumns(),
    // The server's RD- number, written right after the row in its creating transaction.
    number: varchar({ length: 20 }),
    title: varchar({ length: 160 }).notNull(),
    requesterId: ref().references(() => users.id),
    customerId: ref().references(() => customers.id),
    brandId: ref().references(() => brands.id),
    flavorProfile: varchar({ length: 500 }),
    targetNicotineMg: mg(),
    targetVgPct: pct(),
    targetDate: date({ mode: 'string' }),
    priority: varchar({ length: 30 }).notNull().default('normal'),
    status: varchar({ length: 30 }).notNull().default('draft'),
    submittedBy: ref().references(() => users.id),
    note: varchar({ length: 500 }),
  },
  (t) => [
    unique('rd_projects_number_uk').on(t.number),
    check('rd_projects_status_ck', checkInList('status', RD_PROJECT_STATUSES)),
    check('rd_projects_priority_ck', checkInList('priority', RD_PRIORITIES)),
    check(
      'rd_projects_targets_ck',
      sql`(${t.targetNicotineMg} is null or ${t.targetNicotineMg} >= 0)
        and (${t.targetVgPct} is null or (${t.targetVgPct} >= 0 and ${t.targetVgPct} <= 100))`,
    ),
  ],
);

export const rdSamples = pgTable(
  'rd_samples',
  {
    ...standardColumns(),
    number: varchar({ length: 20 }).notNull(),
    rdProjectId: ref()
      .notNull()
      .references(() => rdProjects.id),
    parentSampleId: ref().references((): AnyPgColumn => rdSamples.id),
    iteration: integer().notNull(),
    flavoristId: ref().references(() => users.id),
    batchSizeMl: numeric({ precision: 14, scale: 2 }).notNull().default('100'),
    dueDate: date({ mode: 'string' }),
    status: varchar({ length: 30 }).notNull().default('requested'),
    note: varchar({ length: 500 }),
  },
  (t) => [
    unique('rd_samples_number_uk').on(t.number),
    unique('rd_samples_project_iteration_uk').on(t.rdProjectId, t.iteration),
    check('rd_samples_status_ck', checkInList('status', RD_SAMPLE_STATUSES)),
    check('rd_samples_iteration_ck', sql`${t.iteration} >= 1`),
    check('rd_samples_batch_ck', sql`${t.batchSizeMl} > 0`),
    index('rd_samples_parent_idx').on(t.parentSampleId),
  ],
);

export const rdSampleIngredients = pgTable(
  'rd_sample_ingredients',
  {
    ...standardColumns(),
    rdSampleId: ref()
      .notNull()
      .references(() => rdSamples.id, { onDelete: 'cascade' }),
    productId: ref()
      .notNull()
      .references(() => products.id),
    pct: pct().notNull().default('0'),
    isFill: boolean().notNull().default(false),
    sort: integer().notNull().default(0),
  },
  (t) => [
    unique('rd_sample_ingredients_uk').on(t.rdSampleId, t.productId),
    check('rd_sample_ingredients_pct_ck', sql`${t.pct} >= 0 and ${t.pct} <= 100`),
  ],
);

export const rdSampleSpecifications = pgTable(
  'rd_sample_specifications',
  {
    ...standardColumns(),
    rdSampleId: ref()
      .notNull()
      .references(() => rdSamples.id, { onDelete: 'cascade' }),
    nicotineMg: mg(),
    nicotineType: varchar({ length: 30 }),
    vgPct: pct(),
    pgPct: pct(),
    densityGMl: numeric({ precision: 6, scale: 4 }),
    color: varchar({ length: 60 }),
    appearance: varchar({ length: 120 }),
    sensoryNotes: varchar({ length: 1000 }),
    flashpointC: numeric({ precision: 5, scale: 1 }),
    hplcCategoryId: ref().references(() => hplcCategories.id),
    shelfLifeDays: integer(),
    approvedBy: ref().references(() => users.id),
  },
  (t) => [
    unique('rd_sample_specifications_sample_uk').on(t.rdSampleId),
    check(
      'rd_sample_specifications_nicotine_type_ck',
      sql`${t.nicotineType} is null or ${checkInList('nicotine_type', RD_NICOTINE_TYPES)}`,
    ),
    check(
      'rd_sample_specifications_pg_vg_ck',
      sql`coalesce(${t.vgPct}, 0) + coalesce(${t.pgPct}, 0) <= 100
        and coalesce(${t.vgPct}, 0) >= 0 and coalesce(${t.pgPct}, 0) >= 0`,
    ),
    check(
      'rd_sample_specifications_shelf_life_ck',
      sql`${t.shelfLifeDays} is null or ${t.shelfLifeDays} > 0`,
    ),
  ],
);

export const rdSampleEvaluations = pgTable(
  'rd_sample_evaluations',
  {
    ...standardColumns(),
    rdSampleId: ref()
      .notNull()
      .references(() => rdSamples.id, { onDelete: 'cascade' }),
    evaluatorId: ref()
      .notNull()
      .references(() => users.id),
    score: integer().notNull(),
    verdict: varchar({ length: 30 }).notNull(),
    comments: text(),
  },
  (t) => [
    check('rd_sample_evaluations_score_ck', sql`${t.score} between 1 and 10`),
    check('rd_sample_evaluations_verdict_ck', checkInList('verdict', RD_VERDICTS)),
    index('rd_sample_evaluations_sample_idx').on(t.rdSampleId),
  ],
);
