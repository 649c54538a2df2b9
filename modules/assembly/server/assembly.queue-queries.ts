import { sql } from 'drizzle-orm';
import type { QueueQuery } from '../../../server/http/routes/my-work/queue-query.ts';

// The rows of Assembly's "My work" queues (shared/assembly.work-queues.ts), read as the
// platform's my-work.queries.ts reads its own.

/** Kit orders at `stage` (a released order waits for its sealing to start). */
const kitsAt = (stage: string): QueueQuery => ({
  from: 'assembly_orders r join products p on p.id = r.product_id',
  where: () =>
    stage === 'sealing'
      ? sql`(r.status = 'released' or (r.status = 'in_progress' and r.stage = 'sealing'))`
      : sql`r.status = 'in_progress' and r.stage = ${stage}`,
  label: 'r.number',
  detail: `p.name || ' · ' || r.planned_units || ' kits · due ' || to_char(r.due_date, 'MM/DD/YYYY')`,
  order: 'r.due_date, r.id',
});

export const ASSEMBLY_QUEUE_QUERIES: Readonly<Record<string, QueueQuery>> = {
  kits_to_seal: kitsAt('sealing'),
  kits_to_stamp: kitsAt('stamping'),
  kits_to_carton: kitsAt('cartoning'),
};
