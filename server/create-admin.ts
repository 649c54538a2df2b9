import { createInterface } from 'node:readline/promises';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { ensureReferenceData } from './db/reference-data.ts';
import { createFirstAdmin, FirstAdminError } from './db/first-admin.ts';

// `npm run create-admin -- --username NAME [--name "Full Name"]`: the first administrator of
// an empty database (PLANTLINE_DEMO=0). The password comes from ADMIN_PASSWORD or a prompt.

function arg(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const config = loadConfig();
const username = arg('username') ?? 'admin';
const name = arg('name') ?? 'Administrator';
let password = process.env.ADMIN_PASSWORD;
if (!password) {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  password = await rl.question(`Password for ${username} (8+ characters): `);
  rl.close();
}

const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  timeZone: config.COMPANY_TIMEZONE,
});
try {
  await ensureReferenceData(database.db);
  await createFirstAdmin(database.db, {
    username,
    name,
    password,
    timezone: config.COMPANY_TIMEZONE,
  });
  process.stdout.write(
    `Created administrator ${username}. Start Plantline with npm start and sign in.\n`,
  );
} catch (error) {
  process.stderr.write(`${error instanceof FirstAdminError ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
