import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// Reads Vite's build manifest (dist/.vite/manifest.json) to answer "how much JavaScript does
// a browser download to show X": the chunk of an entry or lazy module plus every chunk it
// imports statically, each counted once, gzip-compressed at level 9.

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

export type Manifest = Record<string, ManifestChunk>;

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The files loaded before `keys` can run: their chunks and all static imports. */
export function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return files;
}

export function gzipBytes(distDir: string, files: Iterable<string>): number {
  let total = 0;
  for (const file of files) {
    if (!file.endsWith('.js')) continue;
    total += gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
  }
  return total;
}

/** Every chunk that is reachable only through a dynamic import from `keys`. */
export function lazyFiles(manifest: Manifest, keys: readonly string[]): Set<string> {
  const eager = staticClosure(manifest, keys);
  return new Set(
    Object.values(manifest)
      .map((c) => c.file)
      .filter((f) => !eager.has(f)),
  );
}
