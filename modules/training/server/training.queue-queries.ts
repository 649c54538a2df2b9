import { sql } from 'drizzle-orm';
import type { QueueQuery } from '../../../server/http/routes/my-work/queue-query.ts';

// The rows of Training's "My work" queues (shared/training.work-queues.ts), each one table's
// rows at the step the queue waits for, as the platform's my-work.queries.ts reads its own.

const TRAINING_FROM =
  'trainings r join users tu on tu.id = r.trainee_id join training_documents d on d.id = r.training_document_id';
const TRAINING_LABEL = `d.code || ' rev ' || d.revision`;

export const TRAINING_QUEUE_QUERIES: Readonly<Record<string, QueueQuery>> = {
  // Completed trainings wait for QA; the one who scored it (or was trained) cannot verify.
  training_verifications: {
    from: TRAINING_FROM,
    where: (me) => sql`r.status = 'completed' and r.trainer_id is distinct from ${me}
      and r.trainee_id <> ${me}`,
    label: TRAINING_LABEL,
    detail: `tu.name || ' · score ' || r.score::float8`,
    order: 'r.completed_at, r.id',
    inbox: {
      requester: 'r.trainer_id',
      doc: sql`'trainer_id', r.trainer_id, 'trainee_id', r.trainee_id`,
    },
  },
  // The person's own trainings still to sign, the first due first.
  trainings_due: {
    from: TRAINING_FROM,
    where: (me) =>
      sql`r.trainee_id = ${me} and r.status in ('assigned', 'in_progress', 'overdue')
        and r.signed_at is null`,
    label: TRAINING_LABEL,
    detail: `d.title || ' · due ' || to_char(r.due_date, 'MM/DD/YYYY')
      || case when r.status = 'overdue' or r.due_date < current_date then ' · overdue' else '' end`,
    order: 'r.due_date, r.id',
  },
  // The person's own trainings signed and waiting for the trainer's score: nothing for them to do.
  trainings_signed: {
    from: TRAINING_FROM,
    where: (me) =>
      sql`r.trainee_id = ${me} and r.status in ('in_progress', 'overdue') and r.signed_at is not null`,
    label: TRAINING_LABEL,
    detail: `d.title || ' · signed, due ' || to_char(r.due_date, 'MM/DD/YYYY')`,
    order: 'r.signed_at, r.id',
  },
  // Everyone's overdue trainings, the longest overdue first.
  trainings_overdue: {
    from: TRAINING_FROM,
    where: () => sql`r.status = 'overdue'`,
    label: TRAINING_LABEL,
    detail: `tu.name || ' · due ' || to_char(r.due_date, 'MM/DD/YYYY')`,
    order: 'r.due_date, r.id',
  },
  // Signed trainings waiting for a score, the longest waiting first (never one's own).
  trainings_to_score: {
    from: TRAINING_FROM,
    where: (me) =>
      sql`r.status in ('in_progress', 'overdue') and r.signed_at is not null and r.trainee_id <> ${me}`,
    label: TRAINING_LABEL,
    detail: `tu.name || ' · ' || d.title`,
    order: 'r.signed_at, r.id',
  },
};
