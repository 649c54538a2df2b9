import { existsSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { postgresDatabaseUrl } from '../../server/db/fresh-postgres-database.ts';
import { heldTemplate, heldTemplateFile } from './template-blob.ts';

// Every server a suite starts begins from one migrated (and, for demo servers, seeded) PGlite
// database, dumped once per test run: creating and migrating a cluster was most of each start.
// The folder comes from the run's global setup, so a template never outlives the code that
// made it; outside a vitest run (benchmarks, scripts) there is none and servers start empty.
// On PostgreSQL the template is a database of the run, which each suite's database copies.

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplateDir: string;
  }
}

export type TemplateKind = 'demo' | 'bare';

/** The run's template of that kind, made by whichever suite asks first. */
export async function databaseTemplate(
  kind: TemplateKind,
  make: () => Promise<Blob>,
): Promise<Blob | undefined> {
  const dir = templateDir();
  if (!dir) return undefined;
  const file = join(dir, `${kind}.tar`);
  if (existsSync(file)) return heldTemplateFile(file);
  const bytes = await (await make()).arrayBuffer();
  // Two workers may make it at once; the rename makes whichever finishes last win whole.
  const partial = `${file}.${process.pid}`;
  await writeFile(partial, new Uint8Array(bytes));
  await rename(partial, file);
  return heldTemplate(file, () => Promise.resolve(bytes));
}

/**
 * The run's PostgreSQL template database of that kind (its name), made by whichever suite asks
 * first while the others wait on an advisory lock. `make` migrates (and seeds) the database at
 * the url it is given and closes every connection to it, as CREATE DATABASE … TEMPLATE needs.
 */
export async function postgresTemplate(
  kind: TemplateKind,
  make: (url: string) => Promise<void>,
): Promise<string | undefined> {
  const dir = templateDir();
  const base = process.env.DATABASE_URL;
  if (!dir || !base) return undefined;
  const name = postgresTemplateName(dir, kind);
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [name]);
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      // Made under another name and renamed when whole, so no suite copies half a template.
      const partial = `${name}_partial`;
      await client.query(`drop database if exists ${partial} with (force)`);
      await client.query(`create database ${partial}`);
      await make(postgresDatabaseUrl(base, partial));
      await client.query(`alter database ${partial} rename to ${name}`);
    }
    return name;
  } finally {
    await client.end();
  }
}

/** Named after the run's template folder, so a later run never copies an older schema. */
export function postgresTemplateName(dir: string, kind: TemplateKind): string {
  const run = basename(dir)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  return `plantline_tpl_${run.slice(-12)}_${kind}`;
}

function templateDir(): string | undefined {
  try {
    return inject('databaseTemplateDir');
  } catch {
    // A server a suite runs in a child process (happy-dom cannot host one) is handed the
    // folder through its environment (templateDirEnv).
    return process.env[TEMPLATE_DIR_VARIABLE] || undefined;
  }
}

const TEMPLATE_DIR_VARIABLE = 'PLANTLINE_TEST_TEMPLATE_DIR';

/** The environment that lets a server in a child process start from this run's templates. */
export function templateDirEnv(): Record<string, string> {
  const dir = templateDir();
  return dir ? { [TEMPLATE_DIR_VARIABLE]: dir } : {};
}
