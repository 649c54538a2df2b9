import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { postgresTemplateName, type TemplateKind } from './database-template.ts';

// Global setup of the projects that start servers: a folder for this run's database templates
// (see database-template.ts), removed when the run ends with the run's PostgreSQL templates.
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'plantline-db-template-'));
  project.provide('databaseTemplateDir', dir);
  return async () => {
    await rm(dir, { recursive: true, force: true });
    await dropPostgresTemplates(dir);
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
