import { fileURLToPath } from 'node:url';
import { buildSpaIfStale } from './build-if-stale.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { DEMO_PASSWORD } from './db/demo/demo-users.ts';
import { startServer } from './main.ts';

// `npm start`: check the configuration, build the SPA when stale, start, say where to go.

const root = fileURLToPath(new URL('..', import.meta.url));
const say = (line: string) => process.stdout.write(`${line}\n`);

try {
  const loaded = loadConfig();
  // A fresh `npm start` with demo data shows a moving plant unless PLANTLINE_SIMULATE=0.
  const config = process.env.PLANTLINE_SIMULATE
    ? loaded
    : { ...loaded, PLANTLINE_SIMULATE: loaded.PLANTLINE_DEMO };
  await buildSpaIfStale(root, say);
  const server = await startServer(config, {
    logger: { level: config.LOG_LEVEL, pretty: process.stdout.isTTY === true },
  });
  say('');
  say(`Plantline is running at ${server.url}`);
  say(`  database: ${server.database.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL'}`);
  say(`  realtime: ${server.realtime.mode}`);
  if (config.PLANTLINE_DEMO) {
    say(`  demo logins: any role name as username (admin, planning, batcher, bottler, …), password "${DEMO_PASSWORD}"`);
  }
  if (server.simulator) {
    say(`  plant simulator: one step every ${config.PLANTLINE_SIMULATE_PACE_MS} ms (PLANTLINE_SIMULATE=0 turns it off)`);
  }
  say('');
  const stop = (signal: string) => {
    say(`${signal}: shutting down…`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Plantline could not start:', error);
  }
  process.exit(1);
}
