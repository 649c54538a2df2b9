import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RequestLog, SIMULATOR_HEADER } from '../../server/http/request-log.ts';

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
