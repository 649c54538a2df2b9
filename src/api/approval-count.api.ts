import type { ApprovalCount } from '../domain/approvals.ts';
import type { Request } from './request.ts';

// The top bar's count of decisions waiting for the caller (GET /api/approvals/count).

export async function fetchApprovalCount(request: Request): Promise<ApprovalCount> {
  // Quiet: the badge keeps the count it last read.
  const answer = await request<ApprovalCount>({ url: 'approvals/count', quiet: true });
  return answer.data;
}
