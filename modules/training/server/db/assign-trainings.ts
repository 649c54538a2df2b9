import { sql } from 'drizzle-orm';
import type { Tx } from '../../../../server/db/client.ts';
import { OPEN_TRAINING_STATUSES } from '../../shared/entities/training-values.ts';
import { arrayParam } from '../../../../server/db/array-param.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { logTraining } from './training-log.ts';
import { trainingSetting } from './training-settings.ts';

// Who is trained on what (docs/domain/training.md §8). Every path that creates trainings comes
// here, so a person is never assigned the same document revision twice (UK trainee, document,
// revision: an existing one is left as it is) and every new training is logged as assigned.

/** The day a training assigned today is due: `training.overdue_notice_days` from today. */
async function dueDay(tx: Tx, today: string): Promise<string> {
  const days = await trainingSetting(tx, 'training.overdue_notice_days');
  const [row] = await queryRows<{ due: string }>(
    tx,
    sql`select to_char(${today}::date + ${days}::int, 'YYYY-MM-DD') as due`,
  );
  return row!.due;
}

export type Assignment = { trainee_id: number; document_id: number; project_id: number | null };

/** Creates the trainings of `assignments` not already held; the ids of the new ones. */
export async function assignTrainings(
  tx: Tx,
  assignments: readonly Assignment[],
  context: { today: string; actorId: number | null; note: string },
): Promise<number[]> {
  if (assignments.length === 0) return [];
  const due = await dueDay(tx, context.today);
  const created = await queryRows<{ id: number }>(
    tx,
    sql`insert into trainings (training_project_id, training_document_id, document_revision,
          trainee_id, due_date, status, created_by, updated_by)
        select a.project_id, d.id, d.revision, a.trainee_id, ${due}::date, 'assigned',
               ${context.actorId}, ${context.actorId}
          from jsonb_to_recordset(${JSON.stringify(assignments)}::jsonb)
               as a(trainee_id bigint, document_id bigint, project_id bigint)
          join training_documents d on d.id = a.document_id
        on conflict (trainee_id, training_document_id, document_revision) do nothing
        returning id`,
  );
  const ids = created.map((r) => Number(r.id));
  await logTraining(tx, ids, { event: 'assigned', note: context.note, actorId: context.actorId });
  return ids;
}

/**
 * The trainings a curriculum asks of every active user of its role, on its effective documents,
 * or on `documentId` alone: the revision being made effective, whose status follows in the
 * same transaction.
 */
export async function curriculumAssignments(
  tx: Tx,
  projectId: number,
  documentId?: number,
): Promise<Assignment[]> {
  const rows = await queryRows<Assignment>(
    tx,
    sql`select u.id as trainee_id, pd.training_document_id as document_id,
               p.id as project_id
          from training_projects p
          join training_project_documents pd on pd.training_project_id = p.id
          join training_documents d on d.id = pd.training_document_id
           and ${documentId === undefined ? sql`d.status = 'effective'` : sql`d.id = ${documentId}`}
          join user_roles ur on ur.role_id = p.role_id
          join users u on u.id = ur.user_id and u.active
         where p.id = ${projectId} and p.active`,
  );
  return rows.map((r) => ({
    trainee_id: Number(r.trainee_id),
    document_id: Number(r.document_id),
    project_id: Number(r.project_id),
  }));
}

export type EffectiveOutcome = {
  superseded: number[];
  /** Open trainings of the superseded revisions, cancelled as superseded by the new one. */
  retired: number[];
  /** Trainings created for the new revision (their holders, the curricula's roles). */
  assigned: number[];
};

/** Where a training of an old revision stands that makes its trainee train on the new one. */
const CARRIED_OVER = [...OPEN_TRAINING_STATUSES, 'failed', 'completed', 'verified'] as const;
/** Where a training of an old revision stands that still asks something of someone. */
const RETIRED = [...OPEN_TRAINING_STATUSES, 'failed'] as const;

/**
 * A revision becoming effective (docs/domain/training.md §8 decision): the code's previous
 * effective revision is superseded, the curricula that held it hold the new one, and the trainings
 * still open on it (assigned, in progress, overdue, failed) are cancelled as superseded, so nobody
 * is asked to train on a revision no longer in force. Everyone who held a training of the old one
 * (open or done, through a curriculum or assigned directly, with the same curriculum or none)
 * and every user of the new one's curricula's roles is assigned the new one. The revision's own
 * status and effective date are the caller's (the event that makes it effective writes them
 * with its transition), all in the caller's transaction.
 */
export async function makeRevisionEffective(
  tx: Tx,
  document: { id: number; code: string; revision: number },
  context: { today: string; actorId: number },
): Promise<EffectiveOutcome> {
  const previous = await queryRows<{ id: number }>(
    tx,
    sql`update training_documents set status = 'superseded', updated_by = ${context.actorId}
         where code = ${document.code} and status = 'effective' and id <> ${document.id}
         returning id`,
  );
  const superseded = previous.map((r) => Number(r.id));
  const old = `{${superseded.join(',')}}`;
  if (superseded.length > 0) {
    // A curriculum that already lists the new revision keeps one row of it.
    await tx.execute(sql`delete from training_project_documents pd
      where pd.training_document_id = any(${old}::bigint[])
        and exists (select 1 from training_project_documents n
                     where n.training_project_id = pd.training_project_id
                       and n.training_document_id = ${document.id})`);
    await tx.execute(sql`update training_project_documents
        set training_document_id = ${document.id}, updated_by = ${context.actorId}
      where training_document_id = any(${old}::bigint[])`);
  }
  // Read before the retirement below changes their status.
  const holders = await queryRows<{ trainee_id: number; project_id: number | null }>(
    tx,
    sql`select t.trainee_id, t.training_project_id as project_id
          from trainings t join users u on u.id = t.trainee_id and u.active
         where t.training_document_id = any(${old}::bigint[])
           and t.status = any(${arrayParam(CARRIED_OVER, 'text')})
         order by t.id`,
  );
  const reason = `Superseded by rev ${document.revision}`;
  const retiredRows = await queryRows<{ id: number }>(
    tx,
    sql`update trainings set status = 'cancelled', cancel_reason = ${reason},
               updated_by = ${context.actorId}
         where training_document_id = any(${old}::bigint[])
           and status = any(${arrayParam(RETIRED, 'text')})
         returning id`,
  );
  const retired = retiredRows.map((r) => Number(r.id));
  await logTraining(tx, retired, { event: 'cancelled', note: reason, actorId: context.actorId });
  const projects = await queryRows<{ id: number }>(
    tx,
    sql`select distinct training_project_id as id from training_project_documents
         where training_document_id = ${document.id}`,
  );
  // One project after another: the transaction is one connection.
  const fromCurricula = [];
  for (const p of projects) {
    fromCurricula.push(...(await curriculumAssignments(tx, Number(p.id), document.id)));
  }
  const assigned = await assignTrainings(
    tx,
    [
      ...holders.map((h) => ({
        trainee_id: Number(h.trainee_id),
        document_id: document.id,
        project_id: h.project_id === null ? null : Number(h.project_id),
      })),
      ...fromCurricula,
    ],
    { ...context, note: `${document.code} rev ${document.revision} made effective` },
  );
  return { superseded, retired, assigned };
}
