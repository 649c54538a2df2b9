import { randomBytes } from 'node:crypto';
import { loadConfig } from '../server/config.ts';
import { startServer } from '../server/main.ts';
import { seedMovements } from './list-seed.ts';
import { LEDGER_END } from './list.bench.ts';
const server = await startServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: 'memory://', PLANTLINE_DEMO: '1', LOG_LEVEL: 'silent', PUSHER_APP_SECRET: randomBytes(16).toString('hex'), DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/ledger_work' }), { logger: false });
const t0 = performance.now();
console.log(await seedMovements(server.database.db, Number(process.env.ROWS ?? 1_000_000), LEDGER_END), (performance.now() - t0) / 1000);
await server.close();
