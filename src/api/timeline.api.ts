import type { TimelineEntry } from '../domain/entity/timeline-entry.ts';
import type { Request } from './request.ts';

// A document's timeline (GET timeline/:entity/:id): its transitions and audited writes,
// oldest first. The server refuses it to whoever may not read the entity.

export async function fetchTimeline(
  request: Request,
  entityName: string,
  id: number,
  signal?: AbortSignal,
): Promise<readonly TimelineEntry[]> {
  const answer = await request<TimelineEntry[]>({
    url: `timeline/${entityName}/${id}`,
    signal,
    // The form around it is the page's subject: a timeline that fails says so in place.
    quiet: true,
  });
  return answer.data;
}
