import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inject } from 'vitest';

// Every server a suite starts begins from one migrated (and, for demo servers, seeded) PGlite
// database, dumped once per test run: creating and migrating a cluster was most of each start.
// The folder comes from the run's global setup, so a template never outlives the code that
// made it; outside a vitest run (benchmarks, scripts) there is none and servers start empty.

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
  if (existsSync(file)) return new Blob([await readFile(file)]);
  const blob = await make();
  // Two workers may make it at once; the rename makes whichever finishes last win whole.
  const partial = `${file}.${process.pid}`;
  await writeFile(partial, Buffer.from(await blob.arrayBuffer()));
  await rename(partial, file);
  return blob;
}

function templateDir(): string | undefined {
  try {
    return inject('databaseTemplateDir');
  } catch {
    return undefined;
  }
}
