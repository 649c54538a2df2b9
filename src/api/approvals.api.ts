import type { ApprovalOrder, Approvals } from '../domain/approvals.ts';
import type { Module } from '../domain/modules.ts';
import type { Request } from './request.ts';

// The approval inbox (GET /api/approvals), already narrowed by the server to the caller's roles
// and enabled modules. Decisions are sent to each document's own events route
// (views/common/entity/document-actions.tsx), not here; the top bar's count is
// approval-count.api.ts (the shell's, apart from the inbox page's chunk).

export type ApprovalsQuery = { order: ApprovalOrder; module: Module | null };

export async function fetchApprovals(request: Request, query: ApprovalsQuery): Promise<Approvals> {
  // Quiet: the page says in place that it could not refresh, over the rows it last showed.
  const answer = await request<Approvals>({
    url: 'approvals',
    params: { order: query.order, ...(query.module ? { module: query.module } : {}) },
    quiet: true,
  });
  return answer.data;
}
