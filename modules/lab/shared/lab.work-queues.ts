import type { WorkQueue } from '../../../src/machines/workflows/work-queue.ts';
import { LAB_RECEIVINGS } from './entities/lab-receivings.entity.ts';
import { LAB_RECEIVING_TRANSITIONS } from './machines/lab-receiving.machine.ts';

// Lab Receiving's steps in "My work" (docs/domain/lab-receiving.md): the warehouse receives,
// the supervisor inspects, posts and releases. Each queue belongs to whoever may take the
// event its rows wait for, as every other queue does; their rows are queried in
// server/lab.queue-queries.ts under the same keys.

/** A lab receiving waiting at `status` for `event`. */
const labQueue = (key: string, title: string, status: string, event: string): WorkQueue => ({
  key,
  group: 'supply',
  title,
  roles: LAB_RECEIVING_TRANSITIONS[status]?.[event]?.roles ?? [],
  admin: false,
  page: '/lab/receiving',
  open: (id) => `/lab/receiving/${id}`,
  live: { channel: LAB_RECEIVINGS.channel, event: LAB_RECEIVINGS.event },
});

export const LAB_QUEUES: readonly WorkQueue[] = [
  labQueue('lab_to_receive', 'Lab receivings to receive', 'draft', 'receive'),
  labQueue('lab_to_inspect', 'Lab receivings to inspect', 'received', 'inspect'),
  labQueue('lab_to_post', 'Lab receivings to post', 'inspected', 'post'),
  labQueue('lab_to_release', 'Lab receivings to release', 'posted', 'release'),
];
