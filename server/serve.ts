import { loadConfig } from './config.ts';
import { startServer } from './main.ts';

// The server without the SPA build step: for extra cluster nodes, containers and tests that
// already have dist/ (or need only the API). Prints one line with its address.

const server = await startServer(loadConfig());
process.stdout.write(`Plantline listening on ${server.url.replace('localhost', '127.0.0.1')}\n`);
const stop = () => void server.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
