import { randomBytes } from 'node:crypto';
import pg from 'pg';

// A database of its own on the PostgreSQL server DATABASE_URL names, for a test suite or a
// benchmark run that must not see anyone else's rows; `drop()` removes it again. Made from
// `template` (CREATE DATABASE … TEMPLATE, a file copy) when given, else empty.

export async function createPostgresDatabase(
  prefix = 'plantline_test',
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('DATABASE_URL is not set');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  return {
    url: postgresDatabaseUrl(base, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** DATABASE_URL with another database name. */
export function postgresDatabaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}
