import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

// Global setup of the projects that start servers: a folder for this run's database templates
// (see database-template.ts), removed when the run ends.
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'plantline-db-template-'));
  project.provide('databaseTemplateDir', dir);
  return () => rm(dir, { recursive: true, force: true });
}
