import type { Request } from './request.ts';

// Work order calls beyond the entity pattern: its comments (GET/POST
// production/work-orders/:id/comments). Comments are never edited or deleted.

export type WorkOrderComment = {
  id: number;
  seq: number;
  work_order_id: number;
  body: string;
  attachments: { name: string; url: string }[];
  created_at: string;
  created_by_name: string | null;
};

export async function fetchWorkOrderComments(
  request: Request,
  workOrderId: number,
): Promise<WorkOrderComment[]> {
  const answer = await request<WorkOrderComment[]>({
    url: `production/work-orders/${workOrderId}/comments`,
  });
  return answer.data;
}

export async function addWorkOrderComment(
  request: Request,
  workOrderId: number,
  body: string,
): Promise<WorkOrderComment> {
  const answer = await request<WorkOrderComment>({
    url: `production/work-orders/${workOrderId}/comments`,
    method: 'POST',
    data: { body },
  });
  return answer.data;
}
