import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { startServer } from './main.ts';

// The server without the SPA build step: for extra cluster nodes, containers and tests that
// already have dist/ (or need only the API). Prints one line with its address.

try {
  const config = loadConfig();
  const server = await startServer(config, {
    logger: { level: config.LOG_LEVEL, pretty: process.stdout.isTTY === true },
  });
  process.stdout.write(`Plantline listening on ${server.url.replace('localhost', '127.0.0.1')}\n`);
  // A close that fails says why and exits 1, as `npm start` does.
  const stop = () =>
    void server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
} catch (error) {
  // A refusal the operator can act on is printed as its message alone, as `npm start` does.
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Plantline could not start:', error);
  }
  process.exit(1);
}
