import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RequestLog, SIMULATOR_HEADER } from '../../server/http/request-log.ts';
import { call, tokenFor } from '../support/api-client.ts';
import { startTestServer } from '../support/test-server.ts';

describe('the request log', () => {
  it("logs people's requests at info and the simulator's below it, failures always", async () => {
    const lines: { msg: string; level: number; req?: { headers?: object } }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream }, logController: new RequestLog() });
    app.get('/ok', async () => 'ok');
    app.get('/boom', async () => {
      throw new Error('boom');
    });

    await app.inject({ url: '/ok' });
    const byPeople = lines.splice(0);
    await app.inject({ url: '/ok', headers: { [SIMULATOR_HEADER]: '1' } });
    const bySimulator = lines.splice(0);
    await app.inject({ url: '/boom', headers: { [SIMULATOR_HEADER]: '1' } });
    const simulatorFailure = lines.splice(0);
    await app.close();

    expect(byPeople.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(bySimulator).toEqual([]);
    expect(simulatorFailure.some((l) => l.level >= 50)).toBe(true);
  });
});

describe('a token in the URL', () => {
  it('signs in GET /api/me only, and never reaches the log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const server = await startTestServer({
      env: { LOG_LEVEL: 'info' },
      logger: { level: 'info', stream },
    });
    try {
      const { url } = server;
      const token = await tokenFor(url, 'planning');
      const me = await call(url, 'GET', `/api/me?token=${encodeURIComponent(token)}`);
      expect(me.httpStatus).toBe(200);
      const other = await call(
        url,
        'GET',
        `/api/general/timezones?token=${encodeURIComponent(token)}`,
      );
      expect(other.httpStatus).toBe(401);
      const log = lines.join('');
      expect(log).toContain('/api/me?token=[redacted]');
      expect(log).not.toContain(token);
      expect(log).not.toContain(encodeURIComponent(token));
    } finally {
      await server.close();
    }
    // It starts its own server (with its own log stream), which on a busy machine takes most of
    // the default 30 s.
  }, 90_000);
});
