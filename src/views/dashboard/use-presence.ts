import { useEffect, useState } from 'react';
import type { ConnectionStatus } from '../../api/echo-client.ts';
import { useAppConfig } from '../common/use-app-config.ts';
import { useServices } from '../services.context.ts';
import { useSession } from '../session/use-session.ts';

export interface Member {
  id: string;
  name: string;
}

export interface Presence {
  status: ConnectionStatus;
  members: Member[];
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

/**
 * Joins `presence-{channel}` over the realtime connection while the view is on screen and
 * reports the connection status and who else is here.
 */
export function usePresence(channel: string): Presence {
  const { connectRealtime } = useServices();
  const { config } = useAppConfig();
  const { token } = useSession();
  const [status, setStatus] = useState<ConnectionStatus>('connecting');
  const [members, setMembers] = useState<Member[]>([]);
  const echo = config?.echo;

  useEffect(() => {
    if (!echo || !token) return;
    const connection = connectRealtime(echo, token);
    setStatus(connection.status());
    const stopStatus = connection.onStatus(setStatus);
    const leave = connection.joinPresence<unknown>(channel, {
      here: (all) => setMembers(all.map(toMember)),
      joining: (m) =>
        setMembers((list) => [...list.filter((x) => x.id !== toMember(m).id), toMember(m)]),
      leaving: (m) => setMembers((list) => list.filter((x) => x.id !== toMember(m).id)),
      error: () => setMembers([]),
    });
    return () => {
      leave();
      stopStatus();
      connection.disconnect();
    };
  }, [echo, token, channel, connectRealtime]);

  return { status, members };
}
