import { assertEvent, assign, fromPromise, setup, spawnChild, type DoneActorEvent } from 'xstate';
import type {
  Credentials,
  LoginResult,
  SessionContext,
  SessionEvent,
  SessionInput,
  SessionUser,
} from './session.types.ts';

// Session of docs/product.md §2 and §4. Every effect (HTTP, cookie, router, tabs) is a named no-op
// here and is provided by the view, so this file stays pure and a test can swap each one.

export const NO_ROLES_MESSAGE = 'This account has no roles yet; ask an administrator for access.';

// The default calls fail loudly: a session that silently never logs in would hide a missing
// `.provide()` in the view.
function notProvided<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`session actor "${name}" is not provided`);
  });
}

const tokenOf = ({ event }: { event: DoneActorEvent<LoginResult> }) => ({
  tokenType: event.output.token_type,
  accessToken: event.output.access_token,
});
const userOf = ({ event }: { event: DoneActorEvent<SessionUser> }) => ({ user: event.output });
const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
// Log Out drops everything tied to the user: token, user, routes built from them, tabs.
const endSession = [
  'clearToken',
  'forgetSession',
  'forgetError',
  'markSignedOut',
  'resetRoutes',
  'closeAllTabs',
] as const;
const noRoles = { error: new Error(NO_ROLES_MESSAGE) };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    logIn: notProvided<LoginResult, Credentials>('logIn'),
    fetchUser: notProvided<SessionUser, { token: string }>('fetchUser'),
    // Fire-and-forget: logout never waits for the server, and an expired token cannot be
    // revoked anyway, so its outcome is ignored.
    revokeToken: fromPromise<void, { token: string }>(async () => undefined),
  },
  actions: {
    /** Writes the `token` cookie; the view provides it. */
    storeToken: (_, _params: { tokenType: string; accessToken: string }) => {},
    /** Removes the `token` cookie; the view provides it. State is cleared by `forgetSession`. */
    clearToken: () => {},
    /** Drops the routes built from this user's roles and modules. */
    resetRoutes: () => {},
    closeAllTabs: () => {},
    assignToken: assign((_, params: { tokenType: string; accessToken: string }) => ({
      token: `${params.tokenType} ${params.accessToken}`,
    })),
    assignUser: assign((_, params: { user: SessionUser }) => ({ user: params.user })),
    rememberError: assign((_, params: { error: unknown }) => ({ error: params.error })),
    forgetError: assign({ error: null }),
    forgetSession: assign({ token: null, user: null }),
    markSignedOut: assign({ signedOut: true }),
    clearSignedOut: assign({ signedOut: false }),
    revokeCurrentToken: spawnChild('revokeToken', {
      id: 'revokeToken',
      input: ({ context }) => ({ token: context.token ?? '' }),
    }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    /** Spec §3: roles must be non-empty; a user without them may not sign in. */
    hasRoles: (_, params: { user: SessionUser }) =>
      Array.isArray(params.user.roles) && params.user.roles.length > 0,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    token: input.token || null,
    user: null,
    error: null,
    signedOut: false,
  }),
  initial: 'noToken',
  // Both endings are accepted from every state: a 401 or a Log Out can arrive mid-request.
  on: {
    'session.logout': [
      // Logging out mid-login has no token to revoke yet.
      { guard: 'hasToken', target: '.noToken', actions: ['revokeCurrentToken', ...endSession] },
      { target: '.noToken', actions: endSession },
    ],
    // A failed revoke must not end the machine: an unhandled child error would stop it.
    'xstate.error.actor.revokeToken': {},
    // Tabs stay: the same user usually logs straight back in and finds them again.
    'session.token_reset': {
      target: '.noToken',
      actions: ['clearToken', 'forgetSession', 'resetRoutes'],
    },
  },
  states: {
    noToken: {
      always: { guard: 'hasToken', target: 'loadingUser' },
      on: {
        'session.login': {
          target: 'loggingIn',
          actions: ['forgetError', 'clearSignedOut'],
        },
      },
    },
    loggingIn: {
      invoke: {
        id: 'logIn',
        src: 'logIn',
        input: ({ event }) => {
          assertEvent(event, 'session.login');
          return { username: event.username.trim(), password: event.password };
        },
        onDone: {
          target: 'loadingUser',
          actions: [
            { type: 'storeToken', params: tokenOf },
            { type: 'assignToken', params: tokenOf },
          ],
        },
        onError: {
          target: 'noToken',
          actions: { type: 'rememberError', params: errorOf },
        },
      },
    },
    loadingUser: {
      invoke: {
        id: 'fetchUser',
        src: 'fetchUser',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: [
          {
            guard: { type: 'hasRoles', params: userOf },
            target: 'ready',
            actions: { type: 'assignUser', params: userOf },
          },
          {
            target: 'noToken',
            actions: ['clearToken', 'forgetSession', { type: 'rememberError', params: noRoles }],
          },
        ],
        onError: {
          target: 'noToken',
          actions: ['clearToken', 'forgetSession', { type: 'rememberError', params: errorOf }],
        },
      },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: { on: { 'session.refresh_user': 'refreshing' } },
        refreshing: {
          // A newer broadcast restarts the fetch so the last answer is the freshest one.
          on: { 'session.refresh_user': { target: 'refreshing', reenter: true } },
          invoke: {
            id: 'refreshUser',
            src: 'fetchUser',
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: [
              {
                guard: { type: 'hasRoles', params: userOf },
                target: 'idle',
                actions: { type: 'assignUser', params: userOf },
              },
              {
                // Roles were taken away: the session ends as if the login had failed.
                target: '#session.noToken',
                actions: [
                  'clearToken',
                  'forgetSession',
                  'resetRoutes',
                  { type: 'rememberError', params: noRoles },
                ],
              },
            ],
            // A transient failure keeps the user signed in; a 401 arrives as token_reset.
            onError: 'idle',
          },
        },
      },
    },
  },
});
