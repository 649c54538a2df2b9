import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { postgresTemplateName, type TemplateKind } from './database-template.ts';

// Global setup of the projects that start servers: one folder for the whole run's database
// templates (see database-template.ts), whichever project asks first, so the demo is seeded
// once per run rather than once per project; removed with the run's PostgreSQL templates when
// the last project using it is torn down.
type RunTemplates = { dir: string; users: number };
const run = globalThis as { plantlineTemplates?: Promise<RunTemplates> };

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  run.plantlineTemplates ??= mkdtemp(join(tmpdir(), 'plantline-db-template-')).then((dir) => ({
    dir,
    users: 0,
  }));
  const templates = await run.plantlineTemplates;
  templates.users += 1;
  project.provide('databaseTemplateDir', templates.dir);
  return async () => {
    templates.users -= 1;
    if (templates.users > 0) return;
    run.plantlineTemplates = undefined;
    await rm(templates.dir, { recursive: true, force: true });
    await dropPostgresTemplates(templates.dir);
  };
}

async function dropPostgresTemplates(dir: string): Promise<void> {
  const base = process.env.DATABASE_URL;
  if (!base) return;
  const client = new pg.Client({ connectionString: base });
  try {
    await client.connect();
    for (const kind of ['demo', 'bare'] satisfies TemplateKind[]) {
      const name = postgresTemplateName(dir, kind);
      await client.query(`drop database if exists ${name}_partial with (force)`);
      await client.query(`drop database if exists ${name} with (force)`);
    }
  } catch {
    // No PostgreSQL here after all: nothing was made on it.
  } finally {
    await client.end().catch(() => undefined);
  }
}
