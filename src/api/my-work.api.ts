import type { MyWork } from '../domain/my-work.ts';
import type { Request } from './request.ts';

// The home page's "My work" (GET /api/my-work): the queues waiting for the signed-in person,
// already narrowed by the server to their roles and enabled modules.

export async function fetchMyWork(request: Request, signal?: AbortSignal): Promise<MyWork> {
  // Quiet: the section says in place that it could not refresh, over the work it last showed.
  const answer = await request<MyWork>({ url: 'my-work', signal, quiet: true });
  return answer.data;
}
