import { RD_PROJECTS } from '../shared/entities/rd-projects.entity.ts';
import { RD_SAMPLES } from '../shared/entities/rd-samples.entity.ts';
import { RD_OPEN_SAMPLE_STATUSES } from '../shared/entities/rd-values.ts';
import { RD_PROJECT_SAMPLING } from '../shared/machines/rd-project.machine.ts';
import { leftForPeople, type CrewContext } from '../../../server/simulate/crew-context.ts';
import { SIM_MARK, where, type Answer, type ListData } from '../../../server/simulate/plant-api.ts';

// The simulator's R&D people (docs/domain/rd.md §7): now and then the supervisor requests a sample
// on an approved project, never past MAX_OPEN open samples; each turn a few open samples take one
// step, each from the person whose step it is: the flavorist develops it and prepares it (a
// formula of the lab's ingredients with a fill line), quality control writes its
// specifications and sends it, the supervisor evaluates it and decides: mostly approve, a
// low score asks for a revision (the server requests the child sample).

const MAX_OPEN = 6;
const STEPS_PER_TURN = 3;

type SampleRow = {
  id: number;
  version: number;
  updated_at: string | null;
  number: string;
  status: string;
  avg_score: number | null;
};
type IngredientRow = { product_id: number; is_fill: boolean };

/** The crew's own counters: samples it requested and samples the supervisor decided. */
export type RdStats = { requested: number; approved: number; revisions: number };

export function rdCrew(ctx: CrewContext) {
  const { as, chance, pick, settle } = ctx;
  const stats: RdStats = { requested: 0, approved: 0, revisions: 0 };
  /** The products earlier formulas used: the flavours and the fill the lab has at hand. */
  let shelf: { flavours: number[]; fills: number[] } | null = null;
  let turn = 0;
  const between = (low: number, high: number) => low + Math.floor(ctx.rng() * (high - low + 1));

  async function openSamples(): Promise<SampleRow[]> {
    const list = await as('rd_supervisor').get<ListData<SampleRow>>(RD_SAMPLES.api, {
      filter: [where('status', 'enum', 'in', RD_OPEN_SAMPLE_STATUSES)],
      sort: { field: 'number', direction: 'asc' },
      per_page: 50,
    });
    return list.ok ? list.data.rows : [];
  }

  async function request(): Promise<void> {
    const supervisor = as('rd_supervisor');
    const projects = await supervisor.get<ListData<{ id: number }>>(RD_PROJECTS.api, {
      filter: [where('status', 'enum', 'in', RD_PROJECT_SAMPLING)],
      per_page: 50,
    });
    if (!projects.ok || projects.data.rows.length === 0) return;
    const requested = await supervisor.send('POST', RD_SAMPLES.api, {
      rd_project_id: pick(projects.data.rows).id,
      batch_size_ml: 100,
      note: SIM_MARK,
    });
    if (settle(requested, 'rd request sample')) stats.requested += 1;
  }

  /** Reads the lab's shelf once from the samples that already have a formula. */
  async function readShelf(): Promise<typeof shelf> {
    if (shelf) return shelf;
    const flavorist = as('rd_flavorist');
    const done = await flavorist.get<ListData<{ id: number }>>(RD_SAMPLES.api, {
      filter: [where('status', 'enum', 'in', ['prepared', 'sent', 'approved', 'rejected'])],
      per_page: 10,
    });
    const flavours = new Set<number>();
    const fills = new Set<number>();
    for (const row of done.ok ? done.data.rows : []) {
      const sample = await flavorist.get<{ ingredients?: IngredientRow[] }>(
        `${RD_SAMPLES.api}/${row.id}`,
      );
      for (const line of sample.ok ? (sample.data.ingredients ?? []) : []) {
        (line.is_fill ? fills : flavours).add(Number(line.product_id));
      }
    }
    if (flavours.size > 0 && fills.size > 0) shelf = { flavours: [...flavours], fills: [...fills] };
    return shelf;
  }

  /** The flavorist's formula: two or three flavours at a few percent, the fill the rest. */
  async function formulate(sample: SampleRow): Promise<Answer<SampleRow> | null> {
    const lab = await readShelf();
    if (!lab) {
      ctx.warnOnce('rd-shelf', {}, 'simulator: no earlier formula to take ingredients from');
      return null;
    }
    const flavours = [...new Set([pick(lab.flavours), pick(lab.flavours), pick(lab.flavours)])];
    return as('rd_flavorist').send<SampleRow>('PUT', `${RD_SAMPLES.api}/${sample.id}/ingredients`, {
      version: sample.version,
      ingredients: [
        ...flavours.map((product_id) => ({ product_id, pct: between(10, 80) / 10 })),
        { product_id: pick(lab.fills), is_fill: true },
      ],
    });
  }

  function specify(sample: SampleRow): Promise<Answer<SampleRow>> {
    const vg = pick([50, 60, 70]);
    return as('rd_quality_control').send<SampleRow>(
      'PUT',
      `${RD_SAMPLES.api}/${sample.id}/specifications`,
      {
        version: sample.version,
        nicotine_mg: pick([0, 3, 6, 12]),
        nicotine_type: pick(['freebase', 'salt']),
        vg_pct: vg,
        pg_pct: 100 - vg,
        density_g_ml: 1.15 + vg / 1000,
        flashpoint_c: 101.5,
        shelf_life_days: 365,
        sensory_notes: SIM_MARK,
      },
    );
  }

  /** Mostly a good score; now and then one that asks for another iteration. */
  function evaluateOnce(sample: SampleRow): Promise<Answer<SampleRow>> {
    const good = chance(0.8);
    return as('rd_supervisor').send<SampleRow>(
      'POST',
      `${RD_SAMPLES.api}/${sample.id}/evaluations`,
      {
        version: sample.version,
        score: good ? between(7, 10) : between(4, 6),
        verdict: good ? 'approve' : 'revise',
        comments: SIM_MARK,
      },
    );
  }

  /** Sends the event as `who`, with the version the write before it left. */
  async function event(who: string, sample: SampleRow, name: string, reason?: string) {
    const answer = await as(who).send('POST', `${RD_SAMPLES.api}/${sample.id}/events/${name}`, {
      version: sample.version,
      ...(reason ? { reason } : {}),
    });
    return settle(answer, `rd sample ${name}`);
  }

  /** A write, then the event it makes possible, on the sample's new version. */
  async function writeThen(
    written: Answer<SampleRow> | null,
    who: string,
    name: string,
  ): Promise<void> {
    if (written && settle(written, `rd sample before ${name}`)) {
      await event(who, written.data, name);
    }
  }

  async function advance(sample: SampleRow): Promise<void> {
    switch (sample.status) {
      case 'requested':
        await event('rd_flavorist', sample, 'start_develop');
        return;
      case 'in_preparation':
        return writeThen(await formulate(sample), 'rd_flavorist', 'prepare');
      case 'prepared':
        return writeThen(await specify(sample), 'rd_quality_control', 'send');
      case 'sent':
        await event('rd_supervisor', sample, 'start_evaluation');
        return;
      case 'in_evaluation':
        return writeThen(await evaluateOnce(sample), 'rd_supervisor', 'evaluate');
      case 'feedback_received':
        if (Number(sample.avg_score ?? 0) >= 7) {
          if (await event('rd_supervisor', sample, 'approve')) stats.approved += 1;
        } else if (
          await event('rd_supervisor', sample, 'request_revision', `${SIM_MARK} rebalance`)
        ) {
          stats.revisions += 1;
        }
        return;
      default:
        return;
    }
  }

  async function step(): Promise<void> {
    turn += 1;
    const all = await openSamples();
    if (all.length < MAX_OPEN && chance(0.5)) await request();
    const open = all.filter((sample) => !leftForPeople(sample));
    // A different few each turn, so a sample refused once does not hold the others up.
    const start = open.length === 0 ? 0 : (turn * STEPS_PER_TURN) % open.length;
    const few = [...open.slice(start), ...open.slice(0, start)].slice(0, STEPS_PER_TURN);
    for (const sample of few) await advance(sample);
  }

  return { step, stats: (): RdStats => ({ ...stats }) };
}
