import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { NO_ROLES_MESSAGE, sessionMachine } from '../../../src/machines/ui/session.machine.ts';
import {
  selectRoles,
  selectStatus,
  selectUser,
} from '../../../src/machines/ui/session.selectors.ts';
import { LOGIN, settle, startSession, user } from './session.fakes.ts';

const login = { type: 'session.login', username: '  alice ', password: ' s3cret ' } as const;

async function signedIn() {
  const session = startSession();
  session.actor.send(login);
  await session.answer('logIn', { ok: LOGIN });
  await session.answer('fetchUser', { ok: user() });
  return session;
}

describe('session machine', () => {
  it('starts without a token when there is no cookie', () => {
    const { snapshot, calls } = startSession();
    expect(snapshot().value).toBe('noToken');
    expect(selectStatus(snapshot())).toBe('anonymous');
    expect(calls.fetchUser).toEqual([]);
  });

  it('goes straight to loading the user with the cookie token', () => {
    const { snapshot, calls } = startSession('Bearer old');
    expect(snapshot().value).toBe('loadingUser');
    expect(calls.fetchUser).toEqual([{ token: 'Bearer old' }]);
  });

  it('logs in with a trimmed username, stores the token, then loads the user', async () => {
    const { actor, snapshot, calls, jar, answer } = startSession();
    actor.send(login);
    expect(snapshot().value).toBe('loggingIn');
    expect(calls.logIn).toEqual([{ username: 'alice', password: ' s3cret ' }]);

    await answer('logIn', { ok: LOGIN });
    expect(snapshot().value).toBe('loadingUser');
    expect(jar.token).toBe('Bearer abc123');
    expect(calls.fetchUser).toEqual([{ token: 'Bearer abc123' }]);

    await answer('fetchUser', { ok: user({ roles: ['director', 'batcher'] }) });
    expect(snapshot().value).toEqual({ ready: 'idle' });
    expect(selectRoles(snapshot())).toEqual(['director', 'batcher']);
    expect(selectStatus(snapshot())).toBe('ready');
  });

  it('keeps the server error and stores nothing when the login is refused', async () => {
    const { actor, snapshot, jar, answer } = startSession();
    const refused = new Error('login_failed');
    actor.send(login);
    await answer('logIn', { error: refused });
    expect(snapshot().value).toBe('noToken');
    expect(snapshot().context).toMatchObject({ token: null, error: refused });
    expect(jar.token).toBeNull();
    expect(selectStatus(snapshot())).toBe('failed');
  });

  it('refuses a user without roles and clears the token it just stored', async () => {
    const { actor, snapshot, jar, answer } = startSession();
    actor.send(login);
    await answer('logIn', { ok: LOGIN });
    await answer('fetchUser', { ok: user({ roles: [] }) });
    expect(snapshot().value).toBe('noToken');
    expect(jar.token).toBeNull();
    expect(snapshot().context.token).toBeNull();
    expect((snapshot().context.error as Error).message).toBe(NO_ROLES_MESSAGE);
  });

  it('clears a cookie token whose user cannot be fetched and keeps the reason', async () => {
    const { snapshot, jar, answer } = startSession('Bearer stale');
    const reason = new Error('server_error');
    await answer('fetchUser', { error: reason });
    expect(snapshot().value).toBe('noToken');
    expect(jar.token).toBeNull();
    expect(snapshot().context).toMatchObject({ token: null, user: null, error: reason });
  });

  it('logs out: revokes the token, clears state and cookie, resets routes, closes tabs', async () => {
    const { actor, snapshot, jar, calls } = await signedIn();
    actor.send({ type: 'session.logout' });
    await settle();
    expect(snapshot().value).toBe('noToken');
    expect(snapshot().context).toEqual({ token: null, user: null, error: null, signedOut: true });
    expect(jar.token).toBeNull();
    expect(calls.revoked).toEqual(['Bearer abc123']);
    expect(calls).toMatchObject({ resetRoutes: 1, closeAllTabs: 1 });
  });

  it('logs out even when the server cannot revoke the token', async () => {
    const session = startSession('Bearer t', () => Promise.reject(new Error('offline')));
    await session.answer('fetchUser', { ok: user() });
    session.actor.send({ type: 'session.logout' });
    await settle();
    expect(session.snapshot().value).toBe('noToken');
    expect(session.snapshot().status).toBe('active');
  });

  it('ends the session on a token reset without revoking or closing tabs', async () => {
    const { actor, snapshot, jar, calls } = await signedIn();
    actor.send({ type: 'session.token_reset' });
    expect(snapshot().value).toBe('noToken');
    expect(snapshot().context).toMatchObject({ token: null, user: null, signedOut: false });
    expect(jar.token).toBeNull();
    expect(calls).toMatchObject({ revoked: [], resetRoutes: 1, closeAllTabs: 0 });
  });

  it('ignores a login answer that arrives after a logout', async () => {
    const { actor, snapshot, jar, pending } = startSession();
    actor.send(login);
    actor.send({ type: 'session.logout' });
    pending.logIn[0]?.resolve(LOGIN);
    await settle();
    expect(snapshot().value).toBe('noToken');
    expect(jar.token).toBeNull();
  });

  it('reloads the user in place and keeps the old one while the call runs', async () => {
    const { actor, snapshot, answer } = await signedIn();
    actor.send({ type: 'session.refresh_user' });
    expect(snapshot().value).toEqual({ ready: 'refreshing' });
    expect(selectUser(snapshot())?.name).toBe('Alice Martin');
    await answer('fetchUser', { ok: user({ name: 'Alice Roy', version: 2 }) });
    expect(snapshot().value).toEqual({ ready: 'idle' });
    expect(selectUser(snapshot())).toMatchObject({ name: 'Alice Roy', version: 2 });
  });

  it('stays signed in when a reload fails', async () => {
    const { actor, snapshot, answer, jar } = await signedIn();
    actor.send({ type: 'session.refresh_user' });
    await answer('fetchUser', { error: new Error('offline') });
    expect(snapshot().value).toEqual({ ready: 'idle' });
    expect(selectUser(snapshot())?.username).toBe('alice');
    expect(jar.token).toBe('Bearer abc123');
  });

  it('ends the session when a reload shows the roles were taken away', async () => {
    const { actor, snapshot, answer, jar, calls } = await signedIn();
    actor.send({ type: 'session.refresh_user' });
    await answer('fetchUser', { ok: user({ roles: [] }) });
    expect(snapshot().value).toBe('noToken');
    expect(jar.token).toBeNull();
    expect(calls.resetRoutes).toBe(1);
    expect(selectStatus(snapshot())).toBe('failed');
  });

  it('clears the previous error and the signed-out mark on a new login', async () => {
    const { actor, snapshot, answer } = await signedIn();
    actor.send({ type: 'session.logout' });
    actor.send(login);
    await answer('logIn', { error: new Error('login_failed') });
    actor.send(login);
    expect(snapshot().context).toMatchObject({ error: null, signedOut: false });
  });

  it('fails loudly when the view forgot to provide the login call', async () => {
    const actor = createActor(sessionMachine, { input: { token: null } }).start();
    actor.send(login);
    await settle();
    expect(String(actor.getSnapshot().context.error)).toContain('"logIn" is not provided');
  });
});
