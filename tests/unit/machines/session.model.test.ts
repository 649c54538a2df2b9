import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { NO_ROLES_MESSAGE } from '../../../src/machines/ui/session.machine.ts';
import { selectStatus } from '../../../src/machines/ui/session.selectors.ts';
import { LOGIN, settle, startSession, user } from './session.fakes.ts';

// The abstract session of docs/product.md §2 and §4, written independently of the real machine:
// what a user sees, and what the server answers. Each step is replayed on the real machine with
// fake calls; every state checks the same invariants.
type ModelEvent = {
  type:
    | 'BOOT_WITHOUT_COOKIE'
    | 'BOOT_WITH_COOKIE'
    | 'LOGIN'
    | 'LOGIN_OK'
    | 'LOGIN_REFUSED'
    | 'USER_OK'
    | 'USER_WITHOUT_ROLES'
    | 'USER_FAILS'
    | 'REFRESH'
    | 'REFRESH_OK'
    | 'REFRESH_FAILS'
    | 'REFRESH_WITHOUT_ROLES'
    | 'LOGOUT'
    | 'TOKEN_RESET';
};

const ends = { LOGOUT: '#model.noToken.signedOut', TOKEN_RESET: '#model.noToken.anonymous' };

const model = createTestModel(
  setup({ types: { events: {} as ModelEvent } }).createMachine({
    id: 'model',
    initial: 'booting',
    states: {
      booting: {
        on: { BOOT_WITHOUT_COOKIE: 'noToken', BOOT_WITH_COOKIE: 'loadingUser' },
      },
      noToken: {
        initial: 'anonymous',
        on: { LOGIN: 'loggingIn' },
        states: {
          anonymous: { on: { LOGOUT: 'signedOut' } },
          failed: { on: { LOGOUT: 'signedOut' } },
          signedOut: {},
        },
      },
      loggingIn: {
        on: { ...ends, LOGIN_OK: 'loadingUser', LOGIN_REFUSED: 'noToken.failed' },
      },
      loadingUser: {
        on: {
          ...ends,
          USER_OK: 'ready',
          USER_WITHOUT_ROLES: 'noToken.failed',
          USER_FAILS: 'noToken.failed',
        },
      },
      ready: {
        initial: 'idle',
        on: ends,
        states: {
          idle: { on: { REFRESH: 'refreshing' } },
          refreshing: {
            on: {
              REFRESH_OK: 'idle',
              REFRESH_FAILS: 'idle',
              REFRESH_WITHOUT_ROLES: '#model.noToken.failed',
            },
          },
        },
      },
    },
  }),
  { filterEvents: (s, e) => s.can(e) },
);

describe('session machine, model-based', () => {
  // The test model tells states apart by the transition that reached them, so its shortest
  // paths walk every transition of the model once; simple paths would repeat the loops
  // through noToken thousands of times.
  const paths = model.getShortestPaths();

  it('walks every transition of the model', () => {
    const walked = new Set(
      paths.flatMap((p) =>
        p.steps.map((s, i) => `${JSON.stringify(p.steps[i - 1]?.state.value)} ${s.event.type}`),
      ),
    );
    walked.delete('undefined xstate.init');
    expect(walked.size).toBe(24);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    let sut: ReturnType<typeof startSession> | undefined;
    const session = () => sut ?? expect.fail('the session was not started');
    const send = (type: 'session.logout' | 'session.token_reset' | 'session.refresh_user') =>
      session().actor.send({ type });

    // Holds in every state: the cookie and the state never disagree, a user exists exactly
    // in `ready` and always has roles, and no token is kept without a user being loaded.
    const invariants = () => {
      const { context } = session().snapshot();
      expect(session().jar.token).toBe(context.token);
      if (session().snapshot().matches('ready')) {
        expect(context.user?.roles.length).toBeGreaterThan(0);
        expect(context.token).not.toBeNull();
      } else {
        expect(context.user).toBeNull();
      }
    };
    const expectState = (value: unknown, status?: string) => () => {
      expect(session().snapshot().value).toEqual(value);
      if (status) expect(selectStatus(session().snapshot())).toBe(status);
      invariants();
    };

    await path.test({
      states: {
        'noToken.anonymous': expectState('noToken', 'anonymous'),
        'noToken.failed': expectState('noToken', 'failed'),
        'noToken.signedOut': () => {
          expectState('noToken', 'anonymous')();
          expect(session().snapshot().context.signedOut).toBe(true);
          expect(session().calls.closeAllTabs).toBeGreaterThan(0);
        },
        loggingIn: expectState('loggingIn', 'loggingIn'),
        loadingUser: expectState('loadingUser', 'loading'),
        'ready.idle': expectState({ ready: 'idle' }, 'ready'),
        'ready.refreshing': expectState({ ready: 'refreshing' }, 'ready'),
      },
      events: {
        BOOT_WITHOUT_COOKIE: () => void (sut = startSession()),
        BOOT_WITH_COOKIE: () => void (sut = startSession('Bearer from-cookie')),
        LOGIN: () =>
          void session().actor.send({ type: 'session.login', username: ' al ', password: 'p' }),
        LOGIN_OK: () => session().answer('logIn', { ok: LOGIN }),
        LOGIN_REFUSED: () => session().answer('logIn', { error: new Error('login_failed') }),
        USER_OK: () => session().answer('fetchUser', { ok: user() }),
        USER_WITHOUT_ROLES: async () => {
          await session().answer('fetchUser', { ok: user({ roles: [] }) });
          expect(String(session().snapshot().context.error)).toContain(NO_ROLES_MESSAGE);
        },
        USER_FAILS: () => session().answer('fetchUser', { error: new Error('server_error') }),
        REFRESH: () => send('session.refresh_user'),
        REFRESH_OK: () => session().answer('fetchUser', { ok: user({ version: 2 }) }),
        REFRESH_FAILS: () => session().answer('fetchUser', { error: new Error('offline') }),
        REFRESH_WITHOUT_ROLES: () => session().answer('fetchUser', { ok: user({ roles: [] }) }),
        LOGOUT: async () => {
          const { token } = session().snapshot().context;
          send('session.logout');
          await settle();
          expect(session().calls.revoked.at(-1) ?? null).toBe(token);
        },
        TOKEN_RESET: () => send('session.token_reset'),
      },
    });
  });
});
