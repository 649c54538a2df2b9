import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from './session.machine.ts';
import type { SessionUser } from './session.types.ts';

// Typed reads of the session snapshot for `useSelector`, so views never reach into context
// or spell state names themselves.

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** What the route guard acts on (docs/product.md §2). */
export type SessionStatus = 'anonymous' | 'loggingIn' | 'loading' | 'ready' | 'failed';

// One shared empty list: a fresh [] on every read would re-render every useSelector caller.
const NO_NAMES: readonly string[] = [];

export const selectToken = (s: SessionSnapshot): string | null => s.context.token;
export const selectUser = (s: SessionSnapshot): SessionUser | null => s.context.user;
export const selectRoles = (s: SessionSnapshot): readonly string[] =>
  s.context.user?.roles ?? NO_NAMES;
export const selectModules = (s: SessionSnapshot): readonly string[] =>
  s.context.user?.modules ?? NO_NAMES;
export const selectError = (s: SessionSnapshot): unknown => s.context.error;
export const selectSignedOut = (s: SessionSnapshot): boolean => s.context.signedOut;
export const selectIsReady = (s: SessionSnapshot): boolean => s.matches('ready');

export function selectStatus(s: SessionSnapshot): SessionStatus {
  if (s.matches('ready')) return 'ready';
  if (s.matches('loadingUser')) return 'loading';
  if (s.matches('loggingIn')) return 'loggingIn';
  return s.context.error == null ? 'anonymous' : 'failed';
}
