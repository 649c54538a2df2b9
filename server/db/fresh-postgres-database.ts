import { randomBytes } from 'node:crypto';
import pg from 'pg';

// A database of its own on the PostgreSQL server DATABASE_URL names, for a test suite or a
// benchmark run that must not see anyone else's rows; `drop()` removes it again.

export async function createPostgresDatabase(
  prefix = 'plantline_test',
): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('DATABASE_URL is not set');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
