import { sql, type SQL } from 'drizzle-orm';
import type { ApprovalOrder } from '../../../../src/domain/approvals.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { queueQueryOf } from '../my-work/my-work.queries.ts';

// The approval inbox in one read: the caller's decision queues as one UNION ALL, each branch
// the queue's own rows (my-work.queries.ts: the same `where`, so the caller's own requests are
// left out where maker-checker holds) with who asked, since when and the workflow document.
// The database sorts and pages the union; the workflow's buttons are computed per listed row.

export type InboxRow = {
  source: string;
  id: number | string;
  number: string | null;
  title: string | null;
  status: string;
  version: number | string;
  since: Date | string;
  requested_by: string | null;
  doc: Record<string, unknown> | string;
  total: number | string;
};

/** The union of the queues `sources` for the user `me`: source, id, …, doc. */
export function inboxUnion(sources: readonly string[], me: number): SQL | null {
  const branches = sources.flatMap((source) => {
    const query = queueQueryOf(source);
    if (!query?.inbox) return [];
    return [
      sql`select ${source}::text as source, r.id, (${sql.raw(query.label)})::text as number,
          (${sql.raw(query.detail)})::text as title, r.status::text as status, r.version,
          r.updated_at as since, u.name::text as requested_by,
          json_build_object('status', r.status, ${query.inbox.doc}) as doc
        from ${sql.raw(query.from)}
        left join users u on u.id = ${sql.raw(query.inbox.requester)}
        where ${query.where(me)}`,
    ];
  });
  return branches.length === 0 ? null : sql.join(branches, sql` union all `);
}

const ORDER_BY: Record<ApprovalOrder, SQL> = {
  newest: sql`a.since desc, a.source, a.id desc`,
  oldest: sql`a.since, a.source, a.id`,
};

/** One page of the union, in `order`, with how many rows it holds in all. */
export async function readInbox(
  db: Db,
  union: SQL,
  order: ApprovalOrder,
  limit: number,
  offset: number,
): Promise<InboxRow[]> {
  return queryRows<InboxRow>(
    db,
    sql`select a.*, count(*) over () as total from (${union}) a
        order by ${ORDER_BY[order]} limit ${limit} offset ${offset}`,
  );
}

/** How many rows of the union each source holds (the sources with none are absent). */
export async function countBySource(db: Db, union: SQL): Promise<Map<string, number>> {
  const rows = await queryRows<{ source: string; n: number | string }>(
    db,
    sql`select a.source, count(*) as n from (${union}) a group by a.source`,
  );
  return new Map(rows.map((r) => [r.source, Number(r.n)]));
}
