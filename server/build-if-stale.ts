import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

// `npm start` builds the SPA only when a source is newer than dist/index.html, so a restart
// is instant and a fresh clone still gets a build.

const SOURCES = ['src', 'modules', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (max, name) => Math.max(max, newestMtime(join(path, name))),
    stat.mtimeMs,
  );
}

export function isSpaStale(root: string): boolean {
  const built = join(root, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(root, source)) > builtAt);
}

export async function buildSpaIfStale(root: string, log: (line: string) => void): Promise<void> {
  if (!isSpaStale(root)) return;
  log('Building the web app (first start or sources changed)…');
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn' });
  log('Web app built.');
}
