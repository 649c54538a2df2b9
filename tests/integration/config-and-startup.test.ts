import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';
import { DataDirLockedError, lockDataDir } from '../../server/db/data-dir-lock.ts';
import { createFirstAdmin, FirstAdminError } from '../../server/db/first-admin.ts';
import { ensureReferenceData } from '../../server/db/reference-data.ts';
import { templateDatabase } from '../support/test-server.ts';

describe('configuration', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      PLANTLINE_DEMO: true,
      PUSHER_APP_KEY: 'plantline-key',
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('lists every problem in one message', () => {
    const error = (() => {
      try {
        loadConfig({
          PORT: 'eighty',
          DATABASE_URL: 'mysql://x',
          PLANTLINE_DEMO: 'maybe',
          PUSHER_HOST: 'ws.example',
        });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'PLANTLINE_DEMO', 'PUSHER_APP_SECRET'])
      expect(problems).toContain(name);
  });
});

describe('demo data on the network', () => {
  it('is refused on a non-loopback address unless PLANTLINE_DEMO was set', () => {
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(
      /HOST: 0\.0\.0\.0 is not a loopback.*PLANTLINE_DEMO=1/s,
    );
    expect(() => loadConfig({ HOST: '10.0.4.7' })).toThrow(ConfigError);
    expect(loadConfig({ HOST: '0.0.0.0', PLANTLINE_DEMO: '1' }).PLANTLINE_DEMO).toBe(true);
    expect(loadConfig({ HOST: '0.0.0.0', PLANTLINE_DEMO: '0' }).PLANTLINE_DEMO).toBe(false);
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]'])
      expect(loadConfig({ HOST: host }).HOST).toBe(host);
  });

  it('stops the server process with the reason printed', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/serve.ts'], {
      env: { PATH: process.env.PATH ?? '', HOST: '0.0.0.0', PORT: '0', DATA_DIR: 'memory://' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    expect(output).toContain('Plantline cannot start');
    expect(output).toMatch(/not a loopback address.*PLANTLINE_DEMO=1/s);
    expect(output).not.toMatch(/listening/);
  }, 60_000);
});

describe('the embedded database directory', () => {
  it('refuses a second opening of the same PGlite directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plantline-lock-'));
    const first = await templateDatabase('bare', dir);
    await expect(
      openDatabase({ dataDir: dir, timeZone: 'America/Toronto' }),
    ).rejects.toBeInstanceOf(DataDirLockedError);
    await first.close();
    const again = await openDatabase({ dataDir: dir, timeZone: 'America/Toronto' });
    await again.close();
    rmSync(dir, { recursive: true, force: true });
  }, 90_000);

  it('stops a second server process on the same directory with a clear message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plantline-lock-'));
    const first = await templateDatabase('bare', dir);
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/create-admin.ts'], {
      env: { ...process.env, DATA_DIR: dir, ADMIN_PASSWORD: 'long-enough-1', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    await first.close();
    rmSync(dir, { recursive: true, force: true });
    expect(code).not.toBe(0);
    expect(output).toMatch(/in use by another Plantline process/);
  }, 60_000);
});

// A process in a fresh PID namespace, as in a container: node is pid 1 there on every start.
const canUnshare = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']).status === 0;

/**
 * A process that locks `dir` and holds it, printing `locked as pid …`, or prints why not and
 * exits. With `at`, it waits for that moment (epoch ms) first, so several meet at the lock.
 */
function lockerProcess(dir: string, options: { container?: boolean; at?: number } = {}) {
  const code =
    "const { lockDataDir } = await import('./server/db/data-dir-lock.ts');" +
    // Asleep until just before the moment, then spinning, so they meet within a millisecond
    // without burning a core each for the seconds that tsx takes to start them all.
    `await new Promise((r) => setTimeout(r, ${options.at ?? 0} - 50 - Date.now()));` +
    `while (Date.now() < ${options.at ?? 0}) {}` +
    `await lockDataDir(${JSON.stringify(dir)});` +
    "process.stdout.write('locked as pid ' + process.pid + '\\n');" +
    'setInterval(() => {}, 1000);';
  const node = [process.execPath, '--import', 'tsx', '--input-type=module', '-e', code];
  const [command, ...args] = options.container
    ? ['unshare', '--pid', '--fork', '--mount-proc', ...node]
    : node;
  const child = spawn(command!, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const settled = new Promise<string>((resolve) => {
    child.stdout.on('data', () => output.includes('locked as pid') && resolve(output));
    child.on('close', () => resolve(output));
  });
  return {
    settled,
    /** kill -9 of the whole namespace, as the OOM killer or `docker kill` would. */
    kill: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('close', () => resolve());
        process.kill(-child.pid!, 'SIGKILL');
      }),
  };
}

describe('the data directory after a crash in a container', () => {
  it.skipIf(!canUnshare)(
    'is taken over by the next pid 1, while a live holder still refuses',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'plantline-lock-'));
      try {
        const first = lockerProcess(dir, { container: true });
        expect(await first.settled).toContain('locked as pid 1');
        // While the first lives, a second container (also pid 1) is refused.
        const rival = lockerProcess(dir, { container: true });
        expect(await rival.settled).toMatch(/in use by another Plantline process \(pid 1\)/);
        await first.kill();
        expect(existsSync(join(dir, 'plantline.lock'))).toBe(true);
        const next = lockerProcess(dir, { container: true });
        expect(await next.settled).toContain('locked as pid 1');
        await next.kill();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    90_000,
  );

  // Once, every contender read the lock as stale, then removed whatever lock file
  // was there by then, possibly the one another had just taken: two processes on one PGlite.
  it('is taken over by exactly one of several processes starting at once', async () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    for (let round = 0; round < 3; round++) {
      const dir = mkdtempSync(join(tmpdir(), 'plantline-lock-'));
      const lockFile = join(dir, 'plantline.lock');
      writeFileSync(lockFile, JSON.stringify({ pid: gone, started: '1', boot: 'another boot' }));
      const longAgo = new Date(Date.now() - 60_000);
      utimesSync(lockFile, longAgo, longAgo);
      const at = Date.now() + 6_000;
      const contenders = Array.from({ length: 4 }, () => lockerProcess(dir, { at }));
      try {
        const outputs = await Promise.all(contenders.map((c) => c.settled));
        const started = outputs.filter((o) => o.includes('locked as pid'));
        expect(started, outputs.join('\n')).toHaveLength(1);
        for (const output of outputs.filter((o) => !o.includes('locked as pid'))) {
          expect(output).toMatch(/The data directory .* is in use by another Plantline process/);
        }
      } finally {
        await Promise.all(contenders.map((c) => c.kill()));
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }, 120_000);

  it('takes over a bare-pid lock naming this process, left by an earlier one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plantline-lock-'));
    writeFileSync(join(dir, 'plantline.lock'), String(process.pid));
    const lock = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    lock.release();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('the first administrator', () => {
  it('is created only on a database without users', async () => {
    const database = await templateDatabase('bare');
    await ensureReferenceData(database.db);
    const admin = {
      username: 'root.admin',
      name: 'Root',
      password: 'long-enough-1',
      timezone: 'America/Toronto',
    };
    expect(await createFirstAdmin(database.db, admin)).toBeGreaterThan(0);
    await expect(
      createFirstAdmin(database.db, { ...admin, username: 'second' }),
    ).rejects.toBeInstanceOf(FirstAdminError);
    await database.close();
  });
});
