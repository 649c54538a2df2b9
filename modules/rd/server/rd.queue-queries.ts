import { sql } from 'drizzle-orm';
import type { QueueQuery } from '../../../server/http/routes/my-work/queue-query.ts';
import { rowIn } from '../../../server/http/routes/my-work/row-in.ts';

// The rows of R&D's "My work" queues (shared/rd.work-queues.ts): the supervisor's decisions
// on projects and samples, and each step of a sample for whoever takes it next, read as the
// platform's my-work.queries.ts reads its own.

/** R&D samples at one of `statuses`, the first due first. */
const sampleStep = (...statuses: string[]): QueueQuery => ({
  from: 'rd_samples r join rd_projects p on p.id = r.rd_project_id',
  where: () => rowIn('status', statuses),
  label: 'r.number',
  detail: `p.title || ' · iteration ' || r.iteration`,
  order: 'r.due_date nulls last, r.id',
});

export const RD_QUEUE_QUERIES: Readonly<Record<string, QueueQuery>> = {
  rd_projects: {
    from: 'rd_projects r',
    where: () => sql`r.status = 'submitted'`,
    label: 'r.number',
    detail: 'r.title',
    order: 'r.target_date nulls last, r.id',
    inbox: { requester: 'r.submitted_by', doc: sql`'submitted_by', r.submitted_by` },
  },
  rd_samples: {
    from: 'rd_samples r join rd_projects p on p.id = r.rd_project_id',
    where: () => sql`r.status = 'feedback_received'`,
    label: 'r.number',
    detail: `p.title || ' · iteration ' || r.iteration`,
    order: 'r.due_date nulls last, r.id',
    inbox: { requester: 'r.created_by', doc: sql`'created_by', r.created_by` },
  },
  samples_to_develop: sampleStep('requested', 'in_preparation'),
  samples_to_specify: sampleStep('prepared'),
  samples_to_evaluate: sampleStep('sent', 'in_evaluation'),
  // Approved and not promoted yet: a promotion makes the recipe that names the sample.
  samples_to_promote: {
    ...sampleStep('approved'),
    where: () => sql`r.status = 'approved'
      and not exists (select 1 from recipes x where x.rd_sample_id = r.id)`,
  },
};
