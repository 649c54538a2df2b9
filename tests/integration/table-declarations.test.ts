import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';

// A table is declared once. Drizzle caches a table's column names by the
// table's SQL name, so a second pgTable('stock_movements') without a column of the real one
// made every posting answer 500 after one read of the movements report.
// Read models outside schema/ may declare SQL views with pgTable, under names of their own.

const root = join(import.meta.dirname, '../..');
const schemaDir = join(root, 'server/db/schema');
const modulesDir = join(root, 'modules');

/** The schema files: server/db/schema, and a slice's `modules/<name>/server/db/*.schema.ts`. */
const isSchemaFile = (file: string) =>
  file.startsWith('server/db/schema/') ||
  /^modules\/[^/]+\/server\/db\/[^/]+\.schema\.ts$/.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

async function schemaTables(): Promise<Set<string>> {
  const names = new Set<string>();
  const slices = sourceFiles(modulesDir).filter((file) => isSchemaFile(relative(root, file)));
  for (const file of [...sourceFiles(schemaDir), ...slices]) {
    const module = (await import(file)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (is(value, PgTable)) names.add(getTableName(value));
    }
  }
  return names;
}

describe('table declarations', () => {
  it('declare each real table once, in the schema files only', async () => {
    const tables = await schemaTables();
    expect(tables).toContain('stock_movements');
    const declared = [...sourceFiles(join(root, 'server')), ...sourceFiles(modulesDir)].flatMap(
      (file) =>
        [...readFileSync(file, 'utf8').matchAll(/pgTable\(\s*['"]([a-z0-9_]+)['"]/g)].map((m) => ({
          file: relative(root, file),
          name: m[1] ?? '',
        })),
    );
    const outside = declared.filter((d) => !isSchemaFile(d.file));
    expect(outside.filter((d) => tables.has(d.name))).toEqual([]);
    const inside = declared.filter((d) => isSchemaFile(d.file)).map((d) => d.name);
    expect(inside.filter((name, i) => inside.indexOf(name) !== i)).toEqual([]);
  });
});
