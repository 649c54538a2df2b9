import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WEB_CLIENT } from '../src/domain/auth-client.ts';

// The hardening review's figures, repeated against a real server process on PGlite:
//   fuzz      random hostile payloads and queries at every documented route: answers outside
//             the {status, message, data} envelope, and 5xx answers (both must be 0);
//   races     100 parallel wrong passwords for one user (how many were checked) and 40
//             parallel registrations from one address (how many were created);
//   crashes   `kill -9` of the server while it acknowledges writes, then a restart on the same
//             data directory: acknowledged writes lost (must be 0) and restarts refused.
// `node --import tsx bench/hardening-load.ts` (HARDENING_FUZZ=3000 HARDENING_CRASHES=15 by
// default). Needs no build; prints one JSON object.

const entry = fileURLToPath(new URL('../server/serve.ts', import.meta.url));
const FUZZ = Number(process.env.HARDENING_FUZZ ?? 3000);
const CRASHES = Number(process.env.HARDENING_CRASHES ?? 15);

type Server = { url: string; child: ChildProcess };

function start(dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      PLANTLINE_DEMO: '1',
      PLANTLINE_SIMULATE: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    child.stdout?.on('data', (d: Buffer) => {
      output += d.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve({ url: match[1], child });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

function kill9(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.child.removeAllListeners('exit');
    server.child.once('exit', () => resolve());
    server.child.kill('SIGKILL');
  });
}

async function send(url: string, method: string, path: string, body?: string, token?: string) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${url}${path}`, { method, headers, body });
  const text = await response.text();
  let enveloped = false;
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    enveloped =
      typeof parsed.status === 'boolean' && typeof parsed.message === 'string' && 'data' in parsed;
  } catch {
    enveloped = false;
  }
  return {
    status: response.status,
    enveloped,
    text,
    type: response.headers.get('content-type') ?? '',
  };
}

async function signIn(url: string, username = 'admin', password = 'plantline'): Promise<string> {
  const reply = await send(
    url,
    'POST',
    '/api/login',
    JSON.stringify({ username, password, ...WEB_CLIENT }),
  );
  return (JSON.parse(reply.text) as { data: { access_token: string } }).data.access_token;
}

// Values the review threw: lone surrogates, NUL, deep nesting, huge and wrong-typed values.
const HOSTILE: (() => unknown)[] = [
  () => 'a\ud800b',
  () => '\udc00',
  () => 'nul\u0000byte',
  () => 'x'.repeat(70_000),
  () => -1e308,
  () => 2 ** 63,
  () => [],
  () => ({}),
  () => null,
  () => true,
  () => '<script>alert(1)</script>',
  () => 'javascript:alert(1)',
  () => "' or 1=1 --",
  () => '2026-02-30',
  () => {
    let deep: unknown = 1;
    for (let i = 0; i < 3000; i++) deep = { a: deep };
    return deep;
  },
];
const FIELDS = [
  'name',
  'code',
  'version',
  'id',
  'quantity',
  'status',
  'config',
  'filter',
  'reason',
  'lines',
  'notes',
];
// A lone surrogate cannot be encoded as UTF-8: send the bytes a careless client would.
const encodeLoosely = (text: string): string => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

async function fuzz(url: string, token: string) {
  const docs = JSON.parse((await send(url, 'GET', '/api/docs', undefined, token)).text) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const operations = Object.entries(docs.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((m) => m !== 'head')
      .map((method) => ({ path, method: method.toUpperCase() })),
  );
  let outside = 0;
  let fiveHundreds = 0;
  const examples: string[] = [];
  for (let i = 0; i < FUZZ; i++) {
    const op = pick(operations);
    const path = op.path.replace(/\{(\w+)\}/g, () => pick(['1', '999999', '-1', 'abc', '1e99']));
    const body = Object.fromEntries(
      Array.from({ length: 3 }, () => [pick(FIELDS), pick(HOSTILE)()]),
    );
    const query = `?${pick(FIELDS)}=${encodeLoosely(String(pick(HOSTILE)()).slice(0, 2000))}`;
    const reply = await send(
      url,
      op.method,
      `${path}${op.method === 'GET' ? query : ''}`,
      op.method === 'GET' || op.method === 'DELETE' ? undefined : JSON.stringify(body),
      Math.random() < 0.9 ? token : undefined,
    );
    // Exports answer files and the SPA answers HTML: only JSON answers owe the envelope.
    const json = reply.type.includes('json');
    if (json && !reply.enveloped && !path.startsWith('/api/docs')) outside++;
    if (reply.status >= 500) {
      fiveHundreds++;
      if (examples.length < 5) examples.push(`${op.method} ${path} → ${reply.status}`);
    }
  }
  const long = await send(url, 'GET', `/api/me?x=${'a'.repeat(17_000)}`);
  if (!long.enveloped) outside++;
  return {
    requests: FUZZ + 1,
    operations: operations.length,
    outside_envelope: outside,
    status_5xx: fiveHundreds,
    examples,
  };
}

async function races(url: string) {
  const guesses = await Promise.all(
    Array.from({ length: 100 }, (_, i) =>
      send(
        url,
        'POST',
        '/api/login',
        JSON.stringify({ username: 'labeler', password: `guess-${i}`, ...WEB_CLIENT }),
      ),
    ),
  );
  const registrations = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      send(
        url,
        'POST',
        '/api/register',
        JSON.stringify({ username: `load.${i}`, name: `Load ${i}`, password: 'load-test-pw-1' }),
      ),
    ),
  );
  return {
    parallel_wrong_passwords: 100,
    passwords_checked: guesses.filter((r) => r.status === 401).length,
    parallel_registrations: 40,
    registrations_accepted: registrations.filter((r) => r.status === 201).length,
  };
}

// One writer updates the own profile as fast as it is answered; the server is killed at a
// random moment; after the restart the stored counter must be at least the last acknowledged.
async function crashes(dataDir: string) {
  let lost = 0;
  let refusedRestarts = 0;
  let acknowledged = 0;
  let server = await start(dataDir);
  for (let cycle = 0; cycle < CRASHES; cycle++) {
    const token = await signIn(server.url);
    let stop = false;
    const writer = (async () => {
      while (!stop) {
        try {
          const me = JSON.parse(
            (await send(server.url, 'GET', '/api/me', undefined, token)).text,
          ) as {
            data: { version: number };
          };
          const next = acknowledged + 1;
          const reply = await send(
            server.url,
            'POST',
            '/api/profile',
            JSON.stringify({ version: me.data.version, config: { load_counter: next } }),
            token,
          );
          if (reply.status === 200) acknowledged = next;
        } catch {
          return;
        }
      }
    })();
    await new Promise((r) => setTimeout(r, 500 + Math.random() * 2000));
    stop = true;
    await kill9(server);
    await writer;
    try {
      server = await start(dataDir);
    } catch {
      refusedRestarts++;
      server = await start(dataDir);
    }
    const stored = JSON.parse(
      (await send(server.url, 'GET', '/api/me', undefined, await signIn(server.url))).text,
    ) as {
      data: { config: { load_counter?: number } };
    };
    if ((stored.data.config.load_counter ?? 0) < acknowledged)
      lost += acknowledged - (stored.data.config.load_counter ?? 0);
    acknowledged = Math.max(acknowledged, stored.data.config.load_counter ?? 0);
  }
  await kill9(server);
  return {
    kill_9_cycles: CRASHES,
    acknowledged_writes: acknowledged,
    lost_acknowledged_writes: lost,
    refused_restarts: refusedRestarts,
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'plantline-hardening-'));
const started: ChildProcess[] = [];
process.once('exit', () => started.forEach((c) => c.exitCode === null && c.kill('SIGKILL')));
try {
  const server = await start(dataDir);
  const token = await signIn(server.url);
  const fuzzed = await fuzz(server.url, token);
  const raced = await races(server.url);
  await kill9(server);
  const crashed = await crashes(dataDir);
  process.stdout.write(
    `${JSON.stringify({ fuzz: fuzzed, races: raced, crashes: crashed }, null, 2)}\n`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
