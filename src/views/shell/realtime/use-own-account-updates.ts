import { useEffect } from 'react';
import { useServices } from '../../services.context.ts';
import { useUser } from '../../session/use-session.ts';
import { useRealtimeConnection } from './realtime.context.tsx';

interface UserBroadcast {
  id: number;
  data?: { active?: boolean | 0 | 1 };
}

/**
 * Keeps the session in step with what an administrator does to this account elsewhere: new
 * roles or modules rebuild the menu at once (the session reloads /me), and a deactivated or
 * deleted account ends the session, since the server has revoked its tokens already.
 */
export function useOwnAccountUpdates(): void {
  const connection = useRealtimeConnection();
  const { session } = useServices();
  const { id } = useUser();

  useEffect(() => {
    if (!connection) return;
    const channel = `users.${id}`;
    const stopUpdated = connection.listen<UserBroadcast>(channel, 'user.updated', (payload) => {
      const active = payload.data?.active;
      session.send({
        type: active === false || active === 0 ? 'session.token_reset' : 'session.refresh_user',
      });
    });
    const stopDeleted = connection.listen(channel, 'user.deleted', () =>
      session.send({ type: 'session.token_reset' }),
    );
    return () => {
      stopUpdated();
      stopDeleted();
    };
  }, [connection, session, id]);
}
