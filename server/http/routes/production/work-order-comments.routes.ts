import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  WORK_ORDER_COMMENTS_REPORT,
  WORK_ORDERS,
} from '../../../../src/domain/entities/production/work-orders.entity.ts';
import type { AppDeps } from '../../../app-deps.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { workOrderComments } from '../../../db/schema/maintenance.ts';
import { qualified, type ResolvedBinding } from '../../entity/entity-binding.ts';
import { readOrFail, registerEntityRoutes } from '../../entity/entity-routes.ts';
import { publishRow } from '../../entity/publish-row.ts';
import { addRoute, Answer, signedIn } from '../../route.ts';
import { idParams } from '../common-fields.ts';
import { logComputed, logTable } from '../../entity/log-table.ts';

// A work order's comments (docs/domain/production.md §3.4): appended, never edited, heard live by
// whoever has the order open, and read across orders by the comments report.

const commentsTable = logTable(workOrderComments);

/** Columns of a comment read through its order (report and the order's own list). */
const commentOrder = (column: string): SQL =>
  sql`(select ${sql.raw(column)} from work_orders w where w.id = ${qualified(workOrderComments.workOrderId)})`;

const commentReportBinding = {
  entity: WORK_ORDER_COMMENTS_REPORT,
  table: commentsTable,
  computed: {
    ...logComputed(workOrderComments),
    work_order_number: commentOrder('w.number'),
    machine_id: commentOrder('w.machine_id').mapWith(Number),
    machine_code: commentOrder('(select m.code from machines m where m.id = w.machine_id)'),
    issue_detail_name: commentOrder(
      '(select d.name from issue_details d where d.id = w.issue_detail_id)',
    ),
    issue_section_name: commentOrder(`(select s.name from issue_details d
      join issue_sections s on s.id = d.issue_section_id where d.id = w.issue_detail_id)`),
  },
};

const commentBody = z.strictObject({
  body: z.string().trim().min(1).max(4000),
  attachments: z
    .array(
      z.strictObject({
        name: z.string().trim().min(1).max(255),
        // Links are opened from the comment list: javascript: or data: would run in the app.
        url: z.url({ protocol: /^https?$/ }).max(1000),
      }),
    )
    .max(10)
    .default([]),
});

/** Who triages: assigning a technician is theirs, whoever reports the problem. */

export function registerWorkOrderCommentRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  binding: ResolvedBinding,
): void {
  const { db } = deps.database;
  const access = { area: WORK_ORDERS.area } as const;
  registerEntityRoutes(app, deps, commentReportBinding);

  addRoute(app, {
    method: 'GET',
    url: `${WORK_ORDERS.api}/:id/comments`,
    response: z.array(commentSchema),
    access,
    summary: "A work order's comments, oldest first",
    params: idParams,
    handler: async ({ params }) => {
      await readOrFail(db, binding, params.id);
      return readComments(db, params.id);
    },
  });

  addRoute(app, {
    method: 'POST',
    url: `${WORK_ORDERS.api}/:id/comments`,
    response: commentSchema,
    access,
    summary: 'Comment on a work order (comments are never edited or deleted)',
    params: idParams,
    body: commentBody,
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      const { order, comment } = await db.transaction(async (tx) => {
        const order = await readOrFail(tx, binding, params.id);
        const [inserted] = await tx
          .insert(workOrderComments)
          .values({
            workOrderId: params.id,
            body: body.body,
            attachments: body.attachments,
            createdBy: actor.id,
          })
          .returning({ id: workOrderComments.id });
        if (!inserted) throw new Error('work_order_comments: insert returned no row');
        const [comment] = (await readComments(tx, params.id)).filter((c) => c.id === inserted.id);
        if (!comment) throw new Error('work_order_comments: comment not read back');
        return { order, comment };
      });
      const change = { id: order.id, seq: comment.seq, version: order.version, data: comment };
      await publishRow(deps, WORK_ORDERS, 'work_order.commented', change);
      return new Answer(comment, 'created', 201);
    },
  });
}

const commentSchema = z.object({
  id: z.number().int(),
  seq: z.number(),
  work_order_id: z.number().int(),
  body: z.string(),
  attachments: z.array(z.object({ name: z.string(), url: z.string() })),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
});

async function readComments(source: Db | Tx, workOrderId: number) {
  return queryRows<{
    id: number;
    seq: number;
    work_order_id: number;
    body: string;
    attachments: { name: string; url: string }[];
    created_at: string;
    created_by_name: string | null;
  }>(
    source,
    sql`select c.id::int as id, c.seq::float8 as seq, c.work_order_id::int as work_order_id,
               c.body, c.attachments, c.created_at, u.name as created_by_name
          from work_order_comments c left join users u on u.id = c.created_by
         where c.work_order_id = ${workOrderId}
         order by c.id`,
  );
}
