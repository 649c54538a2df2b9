import { useEffect, useState } from 'react';
import { useRealtimeConnection } from '../shell/realtime/realtime.context.tsx';

export interface Member {
  id: string;
  name: string;
}

const text = (v: unknown): string =>
  typeof v === 'string' || typeof v === 'number' ? String(v) : '';

/** A presence member as the server describes it: `{id, info}` or a flat user object. */
function toMember(raw: unknown): Member {
  const value = (raw ?? {}) as Record<string, unknown>;
  const info = (value.info ?? value.user_info ?? value) as Record<string, unknown>;
  const id = text(value.id) || text(value.user_id) || text(info.id);
  return { id, name: text(info.name) || text(info.username) || id };
}

/** Joins `presence-{channel}` on the session's connection while the view is on screen. */
export function usePresence(channel: string): Member[] {
  const connection = useRealtimeConnection();
  const [members, setMembers] = useState<Member[]>([]);

  useEffect(() => {
    if (!connection) return;
    return connection.joinPresence<unknown>(channel, {
      here: (all) => setMembers(all.map(toMember)),
      joining: (m) =>
        setMembers((list) => [...list.filter((x) => x.id !== toMember(m).id), toMember(m)]),
      leaving: (m) => setMembers((list) => list.filter((x) => x.id !== toMember(m).id)),
      error: () => setMembers([]),
    });
  }, [connection, channel]);

  return members;
}
