import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { loadConfig } from './config.ts';
import { startServer } from './main.ts';

// `npm run dev`: the API and websockets on PORT, Vite with hot reload on 5173 proxying to it.

const root = fileURLToPath(new URL('..', import.meta.url));
const config = loadConfig();
const server = await startServer(config, { logger: { level: config.LOG_LEVEL } });
const vite = await createServer({ root });
await vite.listen();
process.stdout.write(`API on ${server.url}; open http://localhost:${vite.config.server.port} for the app with hot reload\n`);
