import { createActor, fromPromise } from 'xstate';
import { sessionMachine } from '../../../src/machines/ui/session.machine.ts';
import type {
  Credentials,
  LoginResult,
  SessionUser,
} from '../../../src/machines/ui/session.types.ts';

// The session machine with every effect replaced: a cookie jar, call records, and calls that
// stay pending until the test settles them, so a test decides what the server answers and when.

export const LOGIN: LoginResult = { access_token: 'abc123', token_type: 'Bearer' };

export function user(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 7,
    username: 'alice',
    name: 'Alice Martin',
    company: 'Plantline',
    email: 'alice@example.com',
    timezone: 'America/Toronto',
    roles: ['admin'],
    modules: ['inventory'],
    config: {},
    is_demo: 0,
    version: 1,
    ...overrides,
  };
}

interface Pending<T> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

function pendingCall<TIn, TOut>(inputs: TIn[], queue: Pending<TOut>[]) {
  return fromPromise<TOut, TIn>(
    ({ input }) =>
      new Promise<TOut>((resolve, reject) => {
        inputs.push(input);
        queue.push({ resolve, reject });
      }),
  );
}

/** Lets promise callbacks and the events they send run. */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function startSession(cookie: string | null = null, revoke = async () => undefined) {
  const jar = { token: cookie };
  const calls = {
    logIn: [] as Credentials[],
    fetchUser: [] as { token: string }[],
    revoked: [] as string[],
    resetRoutes: 0,
    closeAllTabs: 0,
  };
  const pending = { logIn: [] as Pending<LoginResult>[], fetchUser: [] as Pending<SessionUser>[] };
  const machine = sessionMachine.provide({
    actors: {
      logIn: pendingCall(calls.logIn, pending.logIn),
      fetchUser: pendingCall(calls.fetchUser, pending.fetchUser),
      revokeToken: fromPromise<void, { token: string }>(async ({ input }) => {
        calls.revoked.push(input.token);
        await revoke();
      }),
    },
    actions: {
      storeToken: (_, params) => void (jar.token = `${params.tokenType} ${params.accessToken}`),
      clearToken: () => void (jar.token = null),
      resetRoutes: () => void calls.resetRoutes++,
      closeAllTabs: () => void calls.closeAllTabs++,
    },
  });
  const actor = createActor(machine, { input: { token: cookie } }).start();

  /** Answers the latest call of `name` (older ones belong to stopped actors) and lets the machine react. */
  async function answer<K extends keyof typeof pending>(
    name: K,
    outcome: { ok: Parameters<(typeof pending)[K][number]['resolve']>[0] } | { error: unknown },
  ) {
    const call = pending[name].pop();
    if (!call) throw new Error(`no pending ${name} call`);
    if ('ok' in outcome) (call.resolve as (v: unknown) => void)(outcome.ok);
    else call.reject(outcome.error);
    await settle();
  }

  return { actor, jar, calls, pending, answer, snapshot: () => actor.getSnapshot() };
}
