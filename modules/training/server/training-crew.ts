import { USERS } from '../../general/shared/entities/users.entity.ts';
import { MY_TRAININGS, TRAININGS } from '../shared/entities/trainings.entity.ts';
import { leftForPeople, type CrewContext } from '../../../server/simulate/crew-context.ts';
import { where, type ListData } from '../../../server/simulate/plant-api.ts';

// The simulator's training people (docs/domain/training.md §8): each turn a few open trainings take
// one step, each from the person whose step it is: the trainee signs their own from "My trainings"
// with their typed full name (opening the revision's file first when it has one, as the server
// asks), the trainer records a score (mostly a pass; below the pass mark the server fails it, and
// the trainer assigns it again), and QA verifies a completed one, never one it scored itself (the
// trainer scores them all here).

const STEPS_PER_TURN = 4;
const TRAINER = 'trainer';
const VERIFIER = 'qa_manager';

type TrainingRow = {
  id: number;
  version: number;
  updated_at: string | null;
  status: string;
  trainee_id: number;
  trainee_name: string;
  signed_at: string | null;
  document_file_token: string | null;
  document_opened_at: string | null;
};

/** The crew's own counters: signatures, results recorded, and verifications. */
export type TrainingStats = { signed: number; scored: number; verified: number };

export function trainingCrew(ctx: CrewContext) {
  const { as, chance, settle } = ctx;
  const stats: TrainingStats = { signed: 0, scored: 0, verified: 0 };
  /** Who signs in as each trainee: usernames by user id, read from the user list. */
  const usernames = new Map<number, string>();
  let turn = 0;
  const between = (low: number, high: number) => low + Math.floor(ctx.rng() * (high - low + 1));

  async function usernameOf(userId: number): Promise<string | undefined> {
    if (!usernames.has(userId)) {
      const users = await as('admin').get<ListData<{ id: number; username: string }>>(USERS.api, {
        per_page: 200,
      });
      for (const u of users.ok ? users.data.rows : []) usernames.set(u.id, u.username);
    }
    return usernames.get(userId);
  }

  async function openTrainings(): Promise<TrainingRow[]> {
    const list = await as(TRAINER).get<ListData<TrainingRow>>(TRAININGS.api, {
      filter: [
        where('status', 'enum', 'in', [
          'assigned',
          'in_progress',
          'overdue',
          'completed',
          'failed',
        ]),
      ],
      sort: { field: 'due_date', direction: 'asc' },
      per_page: 100,
    });
    return list.ok ? list.data.rows : [];
  }

  async function send(who: string, api: string, row: TrainingRow, event: string, extra = {}) {
    const answer = await as(who).send('POST', `${api}/${row.id}/events/${event}`, {
      version: row.version,
      ...extra,
    });
    return settle(answer, `training ${event}`);
  }

  async function advance(row: TrainingRow): Promise<void> {
    if ((row.status === 'assigned' || row.status === 'overdue') && !row.signed_at) {
      const trainee = await usernameOf(row.trainee_id);
      if (!trainee) return;
      if (row.document_file_token && !row.document_opened_at) {
        // Opened this turn, signed on a later one, as a person reads before signing.
        await send(trainee, MY_TRAININGS.api, row, 'open');
        return;
      }
      const signed = await send(trainee, MY_TRAININGS.api, row, 'sign', {
        signature: row.trainee_name,
      });
      if (signed) stats.signed += 1;
    } else if (row.status === 'in_progress' || row.status === 'overdue') {
      const score = chance(0.85) ? between(80, 100) : between(55, 79);
      if (await send(TRAINER, TRAININGS.api, row, 'complete', { score })) stats.scored += 1;
    } else if (row.status === 'completed') {
      if (await send(VERIFIER, TRAININGS.api, row, 'verify')) stats.verified += 1;
    } else if (row.status === 'failed') {
      await send(TRAINER, TRAININGS.api, row, 'reassign');
    }
  }

  async function step(): Promise<void> {
    turn += 1;
    const open = (await openTrainings()).filter((row) => !leftForPeople(row));
    // A different few each turn, so one refused does not hold the others up.
    const start = open.length === 0 ? 0 : (turn * STEPS_PER_TURN) % open.length;
    const few = [...open.slice(start), ...open.slice(0, start)].slice(0, STEPS_PER_TURN);
    for (const row of few) await advance(row);
  }

  return { step, stats: (): TrainingStats => ({ ...stats }) };
}
