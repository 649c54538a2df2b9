import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../support/api-client.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { templateDatabase } from '../support/test-server.ts';

// SIGTERM, as an orchestrator sends it before replacing a node: the server stops accepting,
// finishes the write it was in the middle of, tells websocket clients to reconnect elsewhere
// (4200) and exits 0.

let node: ServerProcess;
const dir = mkdtempSync(join(tmpdir(), 'plantline-shutdown-'));
beforeAll(async () => {
  // The node's directory starts from the run's demo database rather than seeding its own.
  await (await templateDatabase('demo', dir)).close();
  node = await startServerProcess({ DATA_DIR: dir });
});
afterAll(async () => {
  await node.stop();
  rmSync(dir, { recursive: true, force: true });
});

const address = () => new URL(node.url);

/** Resolves once a new TCP connection to the node is refused. */
async function refusesConnections(): Promise<void> {
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(Number(address().port), address().hostname);
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', (error: NodeJS.ErrnoException) =>
        resolve(error.code === 'ECONNREFUSED'),
      );
    });
    if (refused) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('SIGTERM', () => {
  it('finishes the write in flight, closes websockets with 4200 and exits 0', async () => {
    const token = await tokenFor(node.url, 'admin');
    const config = (await (await fetch(`${node.url}/api/config`)).json()) as {
      data: { echo: { key: string } };
    };
    const socket = new WebSocket(`ws://${address().host}/app/${config.data.echo.key}?protocol=7`);
    await new Promise((resolve) => socket.once('message', resolve));
    const socketClosed = new Promise<number>((resolve) =>
      socket.once('close', (code) => resolve(code)),
    );

    // A new user, its body sent in two halves: the request is in flight when SIGTERM comes.
    const body = JSON.stringify({
      username: 'late.write',
      password: 'password-1',
      name: 'Late Write',
      roles: ['sealer'],
    });
    const reply = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        `${node.url}/api/general/users`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 20));
      setTimeout(() => {
        node.child.kill('SIGTERM');
        void refusesConnections().then(() => req.end(body.slice(20)));
      }, 100);
    });
    const exited = new Promise<number | null>((resolve) => node.child.once('exit', resolve));

    const answered = await reply;
    expect(answered.status, answered.text).toBe(201);
    expect(JSON.parse(answered.text)).toMatchObject({
      status: true,
      data: { username: 'late.write' },
    });
    expect(await socketClosed).toBe(4200);
    expect(await exited).toBe(0);
  }, 60_000);
});
