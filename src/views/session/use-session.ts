import { useSyncExternalStore } from 'react';
import { useServices } from '../services.context.ts';
import type { SessionState } from './session.store.ts';

export function useSession(): SessionState {
  const { session } = useServices();
  return useSyncExternalStore(session.subscribe, session.getState);
}
