import { sql } from 'drizzle-orm';
import type { QueueQuery } from '../../../server/http/routes/my-work/queue-query.ts';

// The rows of Lab Receiving's "My work" queues (shared/lab.work-queues.ts): the receivings at
// the step each queue waits for, the longest waiting first.

const labAt = (status: string): QueueQuery => ({
  from: 'lab_receivings r join suppliers s on s.id = r.supplier_id',
  where: () => sql`r.status = ${status}`,
  label: 'r.number',
  detail: `s.name || ' · ' || to_char(r.received_at, 'MM/DD/YYYY')`,
  order: 'r.received_at, r.id',
});

export const LAB_QUEUE_QUERIES: Readonly<Record<string, QueueQuery>> = {
  lab_to_receive: labAt('draft'),
  lab_to_inspect: labAt('received'),
  lab_to_post: labAt('inspected'),
  lab_to_release: labAt('posted'),
};
