import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../server/db/client.ts';
import { queryRows } from '../../../server/db/query-rows.ts';
import { settings } from '../../../server/db/schema/general.ts';
import {
  trainingCategories,
  trainingDocuments,
  trainingProjectDocuments,
  trainingProjects,
} from './db/training.schema.ts';
import { roles, users } from '../../../server/db/schema/users.ts';
import { assignTrainings, curriculumAssignments } from './db/assign-trainings.ts';
import { logTraining, type TrainingLogEntry } from './db/training-log.ts';

// Training demo (docs/domain/training.md §8): the `training.*` settings, controlled documents (one
// code at its second revision, the first superseded), curricula for the floor roles assigned to
// them, and trainings at every step: verified, completed and waiting for QA, signed, due and
// overdue, so the supervisor's lists, a trainee's home page and QA's inbox all show work.

const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

const CATEGORIES = [
  ['SAF', 'Health and safety'],
  ['GMP', 'Good manufacturing practice'],
  ['SOP', 'Line procedures'],
] as const;

/** code, revision, title, category, status. */
const DOCUMENTS = [
  ['SAF-001', 1, 'Nicotine handling and PPE', 'SAF', 'effective'],
  ['GMP-001', 1, 'Hygiene and line clearance', 'GMP', 'effective'],
  ['SOP-BOT-001', 1, 'Bottling line start-up and fill checks', 'SOP', 'superseded'],
  ['SOP-BOT-001', 2, 'Bottling line start-up and fill checks', 'SOP', 'effective'],
  ['SOP-LBL-001', 1, 'Label verification at the line', 'SOP', 'effective'],
  ['SOP-BAT-001', 1, 'Batch weighing and mixing', 'SOP', 'effective'],
  ['SOP-BAT-002', 1, 'Nicotine dosing for salt batches', 'SOP', 'approved'],
] as const;

/** code, name, target role, document codes. */
const CURRICULA = [
  ['CUR-BOT', 'Bottling line', 'bottler', ['SAF-001', 'GMP-001', 'SOP-BOT-001']],
  ['CUR-LBL', 'Labeling line', 'labeler', ['SAF-001', 'GMP-001', 'SOP-LBL-001']],
  ['CUR-BAT', 'Batching room', 'batcher', ['SAF-001', 'GMP-001', 'SOP-BAT-001']],
] as const;

export async function seedDemoTraining(tx: Tx): Promise<void> {
  const people = await tx.select({ id: users.id, username: users.username }).from(users);
  const who = (name: string) => people.find((u) => u.username === name)?.id ?? null;
  const supervisor = who('training_supervisor');
  const trainer = who('trainer');
  const qa = who('qa_manager');
  if (supervisor === null || trainer === null || qa === null) return;

  await tx
    .insert(settings)
    .values([
      { key: 'training.pass_mark', value: 80 },
      { key: 'training.retraining_interval_months', value: 12 },
      { key: 'training.overdue_notice_days', value: 14 },
    ])
    .onConflictDoNothing();
  const categories = await tx
    .insert(trainingCategories)
    .values(CATEGORIES.map(([code, name]) => ({ code, name, createdBy: supervisor })))
    .returning({ id: trainingCategories.id, code: trainingCategories.code });
  const categoryOf = (code: string) => categories.find((c) => c.code === code)?.id ?? null;
  const documents = await tx
    .insert(trainingDocuments)
    .values(
      DOCUMENTS.map(([code, revision, title, category, status]) => ({
        code,
        revision,
        title,
        categoryId: categoryOf(category),
        status,
        effectiveDate: status === 'approved' ? null : isoDay(revision === 1 ? -400 : -60),
        reviewDueDate: isoDay(300),
        createdBy: supervisor,
        updatedBy: supervisor,
      })),
    )
    .returning({
      id: trainingDocuments.id,
      code: trainingDocuments.code,
      status: trainingDocuments.status,
    });
  const current = (code: string) =>
    documents.find((d) => d.code === code && d.status === 'effective')!.id;

  const roleRows = await tx
    .select({ id: roles.id, code: roles.code })
    .from(roles)
    .where(
      inArray(
        roles.code,
        CURRICULA.map(([, , role]) => role),
      ),
    );
  for (const [code, name, role, docs] of CURRICULA) {
    const [project] = await tx
      .insert(trainingProjects)
      .values({
        code,
        name,
        categoryId: categoryOf('SOP'),
        roleId: roleRows.find((r) => r.code === role)!.id,
        createdBy: supervisor,
      })
      .returning({ id: trainingProjects.id });
    await tx.insert(trainingProjectDocuments).values(
      docs.map((doc, sort) => ({
        trainingProjectId: project!.id,
        trainingDocumentId: current(doc),
        sort,
      })),
    );
    await assignTrainings(tx, await curriculumAssignments(tx, project!.id), {
      today: isoDay(-5),
      actorId: supervisor,
      note: `Curriculum ${code} assigned to its role`,
    });
  }
  await advanceTrainings(tx, { trainer, qa, current });
}

/** Moves the assigned trainings along, so every step of the workflow has rows. */
async function advanceTrainings(
  tx: Tx,
  who: { trainer: number; qa: number; current: (code: string) => number },
): Promise<void> {
  /** Sets the training of `username` on `code`'s effective revision, and logs what it did. */
  const step = async (
    username: string,
    code: string,
    set: SQL,
    log: Omit<TrainingLogEntry, 'actorId'> & { actorId?: number | null },
  ) => {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`update trainings t set ${set} from users u
           where u.id = t.trainee_id and u.username = ${username}
             and t.training_document_id = ${who.current(code)}
         returning t.id`,
    );
    if (row) await logTraining(tx, [Number(row.id)], { actorId: null, ...log });
  };
  const scored = (score: number) =>
    sql`status = 'completed', signed_at = now() - interval '3 days', score = ${score},
        pass_mark = 80, trainer_id = ${who.trainer}, completed_at = now() - interval '2 days'`;
  // Verified most of a year ago: the bottler's safety and hygiene, the labeler's safety.
  for (const [username, code] of [
    ['bottler', 'SAF-001'],
    ['bottler', 'GMP-001'],
    ['labeler', 'SAF-001'],
  ] as const) {
    await step(
      username,
      code,
      sql`status = 'verified', signed_at = now() - interval '300 days', score = 92,
          pass_mark = 80, trainer_id = ${who.trainer}, completed_at = now() - interval '300 days',
          verified_by = ${who.qa}, verified_at = now() - interval '299 days'`,
      { event: 'verified', actorId: who.qa },
    );
  }
  // Completed, waiting for QA's verification (the approval inbox).
  for (const [username, code, score] of [
    ['labeler', 'GMP-001', 88],
    ['batcher', 'SAF-001', 95],
  ] as const) {
    await step(username, code, scored(score), {
      event: 'completed',
      note: `Score ${score} (pass mark 80)`,
      actorId: who.trainer,
    });
  }
  // Signed by the bottler, waiting for the trainer's score.
  await step(
    'bottler',
    'SOP-BOT-001',
    sql`status = 'in_progress', signed_at = now() - interval '1 day'`,
    {
      event: 'signed',
      signature: 'Luca Bianchi',
    },
  );
  // Past their due date, as the nightly pass marks them.
  for (const [username, code] of [
    ['labeler', 'SOP-LBL-001'],
    ['batcher', 'SOP-BAT-001'],
  ] as const) {
    await step(username, code, sql`status = 'overdue', due_date = current_date - 5`, {
      event: 'overdue',
    });
  }
}
