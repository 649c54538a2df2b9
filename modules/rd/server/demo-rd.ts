import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../server/db/client.ts';
import { nextNumber } from '../../../server/db/document-number.ts';
import {
  judge,
  raiseHplcRequestFor,
  recordResult,
  testBasis,
} from '../../../server/db/production/hplc-tests.ts';
import { queryRows } from '../../../server/db/query-rows.ts';
import {
  rdProjects,
  rdSampleEvaluations,
  rdSampleIngredients,
  rdSamples,
  rdSampleSpecifications,
} from './db/rd.schema.ts';
import { users } from '../../../server/db/schema/users.ts';

// R&D demo (docs/domain/rd.md §7): a dozen projects, one in each status, and samples in each of
// theirs, so every screen, every workflow button and the reports show something. Samples past
// development have a formula (two flavours and the carrier as the fill), past preparation
// their specifications, past evaluation an evaluation. Each row's current status is logged as
// one transition, dated back a few days, so the reports' cycle times are not zero. Two sent
// samples were sent with HPLC asked for: one still waits for the lab, one has passed.

type Scenario = { title: string; status: string; samples: readonly string[] };

const SCENARIOS: readonly Scenario[] = [
  { title: 'Strawberry cream', status: 'completed', samples: ['revision_requested', 'approved'] },
  { title: 'Mango ice', status: 'in_development', samples: ['rejected', 'feedback_received'] },
  {
    title: 'Blue razz lemonade',
    status: 'in_development',
    samples: ['cancelled', 'in_evaluation'],
  },
  { title: 'Vanilla custard', status: 'in_development', samples: ['sent'] },
  { title: 'Cool mint', status: 'in_development', samples: ['prepared'] },
  { title: 'Peach iced tea', status: 'in_development', samples: ['in_preparation'] },
  { title: 'Watermelon chill', status: 'in_development', samples: ['requested'] },
  { title: 'Tobacco reserve', status: 'approved', samples: [] },
  { title: 'Classic cola', status: 'submitted', samples: [] },
  { title: 'Grape soda', status: 'draft', samples: [] },
  { title: 'Cinnamon roll', status: 'rejected', samples: [] },
  { title: 'Piña colada', status: 'on_hold', samples: [] },
  { title: 'Energy drink', status: 'cancelled', samples: [] },
];

const DEVELOPED = [
  'prepared',
  'sent',
  'in_evaluation',
  'feedback_received',
  'approved',
  'rejected',
  'revision_requested',
];
const SPECIFIED = DEVELOPED.filter((s) => s !== 'prepared');
const EVALUATED = ['feedback_received', 'approved', 'rejected', 'revision_requested'];
/** Samples sent with an HPLC request: the measured nicotine once the lab tested it. */
const HPLC_TESTED: Readonly<Record<string, number | null>> = {
  sent: null,
  in_evaluation: 3.04,
};
const VERDICT: Record<string, string> = {
  approved: 'approve',
  rejected: 'reject',
  revision_requested: 'revise',
};

export async function seedDemoRd(tx: Tx): Promise<void> {
  const people = new Map(
    (
      await tx
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(
          inArray(users.username, [
            'rd_requester',
            'rd_supervisor',
            'rd_flavorist',
            'rd_quality_control',
            'hplc_tech',
          ]),
        )
    ).map((u) => [u.username, u.id]),
  );
  const requester = people.get('rd_requester');
  const supervisor = people.get('rd_supervisor');
  const flavorist = people.get('rd_flavorist');
  const qc = people.get('rd_quality_control');
  const analyst = people.get('hplc_tech');
  if (!requester || !supervisor || !flavorist || !qc || !analyst) return;
  const [freebase] = await queryRows<{ id: number }>(
    tx,
    sql`select id::int from hplc_categories where code = 'freebase'`,
  );
  const ingredients = await queryRows<{ id: number; type: string }>(
    tx,
    sql`(select id::int, type from products where type = 'flavour_concentrate' and status = 'active' order by id limit 2)
      union all (select id::int, type from products where type = 'carrier' and status = 'active' order by id limit 1)`,
  );
  const formula = ingredients.length === 3 ? ingredients : [];

  for (const [p, scenario] of SCENARIOS.entries()) {
    const [project] = await tx
      .insert(rdProjects)
      .values({
        number: await nextNumber(tx, 'rd_project'),
        title: scenario.title,
        requesterId: requester,
        flavorProfile: `${scenario.title}: bright top notes, smooth finish`,
        targetNicotineMg: String([3, 6, 12][p % 3]),
        targetVgPct: String([70, 60, 50][p % 3]),
        priority: ['normal', 'high', 'low', 'urgent'][p % 4]!,
        status: scenario.status,
        createdAt: daysBack(30 - p),
        submittedBy: scenario.status === 'draft' ? null : requester,
        createdBy: requester,
        updatedBy: scenario.status === 'draft' ? requester : supervisor,
      })
      .returning({ id: rdProjects.id });
    if (scenario.status !== 'draft') {
      await logDated(tx, 'rd_projects', project!.id, 'draft', scenario.status, supervisor, 20 - p);
    }
    let parent: number | null = null;
    for (const [i, status] of scenario.samples.entries()) {
      const [sample]: { id: number }[] = await tx
        .insert(rdSamples)
        .values({
          number: await nextNumber(tx, 'rd_sample'),
          rdProjectId: project!.id,
          parentSampleId: parent,
          iteration: i + 1,
          flavoristId: flavorist,
          batchSizeMl: '100',
          status,
          createdAt: daysBack(20 - p - i),
          createdBy: supervisor,
          updatedBy: supervisor,
        })
        .returning({ id: rdSamples.id });
      const id: number = sample!.id;
      parent = status === 'revision_requested' ? id : null;
      await logDated(tx, 'rd_samples', id, 'requested', status, supervisor, 12 - p - i);
      if (status !== 'requested' && formula.length > 0) {
        await tx.insert(rdSampleIngredients).values(
          formula.map((product, n) => ({
            rdSampleId: id,
            productId: product.id,
            pct: product.type === 'carrier' ? '0' : String([6 + p, 2.5][n] ?? 0),
            isFill: product.type === 'carrier',
            sort: n + 1,
            createdBy: flavorist,
            updatedBy: flavorist,
          })),
        );
      }
      if (SPECIFIED.includes(status)) {
        await tx.insert(rdSampleSpecifications).values({
          rdSampleId: id,
          nicotineMg: '3',
          nicotineType: 'freebase',
          vgPct: '70',
          pgPct: '30',
          densityGMl: '1.1890',
          flashpointC: '101.5',
          shelfLifeDays: 365,
          color: 'Clear to pale yellow',
          hplcCategoryId: freebase?.id ?? null,
          approvedBy: status === 'approved' ? supervisor : null,
          createdBy: qc,
          updatedBy: qc,
        });
      }
      if (status in HPLC_TESTED && freebase) {
        await demoSampleHplc(tx, id, HPLC_TESTED[status] ?? null, qc, analyst);
      }
      if (EVALUATED.includes(status)) {
        await tx.insert(rdSampleEvaluations).values({
          rdSampleId: id,
          evaluatorId: supervisor,
          score: status === 'approved' ? 9 : status === 'rejected' ? 3 : 6,
          verdict: VERDICT[status] ?? 'approve',
          comments: status === 'feedback_received' ? 'Good body, a touch sweet' : null,
          createdBy: supervisor,
          updatedBy: supervisor,
        });
      }
    }
  }
}

/** The sample's HPLC request as quality control's send raises it; its result, if tested. */
async function demoSampleHplc(
  tx: Tx,
  sampleId: number,
  measuredMg: number | null,
  qc: number,
  analyst: number,
): Promise<void> {
  const requestId = await raiseHplcRequestFor(
    tx,
    { rdSampleId: sampleId },
    { productId: null, lotId: null },
    'rd',
    qc,
  );
  if (measuredMg === null) return;
  const basis = await testBasis(tx, { productId: null, rdSampleId: sampleId });
  await recordResult(tx, requestId, await judge(tx, basis, measuredMg), {
    measuredMg,
    replicates: null,
    analystId: analyst,
  });
}

/** The row's current status as one transition, `daysAgo` days back (reports' cycle time). */
async function logDated(
  tx: Tx,
  entityType: string,
  entityId: number,
  from: string,
  to: string,
  actorId: number,
  daysAgo: number,
): Promise<void> {
  if (from === to) return;
  await tx.execute(sql`
    insert into status_transitions
      (entity_type, entity_id, from_status, to_status, event, created_by, created_at)
    values (${entityType}, ${entityId}, ${from}, ${to}, 'demo', ${actorId},
            now() - make_interval(days => ${Math.max(1, daysAgo)}))`);
}

const daysBack = (days: number) => new Date(Date.now() - Math.max(2, days) * 86_400_000);
