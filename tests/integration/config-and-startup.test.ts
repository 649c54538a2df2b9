import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';
import { DataDirLockedError } from '../../server/db/data-dir-lock.ts';
import { createFirstAdmin, FirstAdminError } from '../../server/db/first-admin.ts';
import { ensureReferenceData } from '../../server/db/reference-data.ts';

describe('configuration', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
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

describe('the embedded database directory', () => {
  it('refuses a second opening of the same PGlite directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plantline-lock-'));
    const first = await openDatabase({ dataDir: dir, timeZone: 'America/Toronto' });
    await expect(
      openDatabase({ dataDir: dir, timeZone: 'America/Toronto' }),
    ).rejects.toBeInstanceOf(DataDirLockedError);
    await first.close();
    const again = await openDatabase({ dataDir: dir, timeZone: 'America/Toronto' });
    await again.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stops a second server process on the same directory with a clear message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plantline-lock-'));
    const first = await openDatabase({ dataDir: dir, timeZone: 'America/Toronto' });
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

describe('the first administrator', () => {
  it('is created only on a database without users', async () => {
    const database = await openDatabase({ dataDir: 'memory://', timeZone: 'America/Toronto' });
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
