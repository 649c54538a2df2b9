import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * The entry of a worker thread that runs a TypeScript module, as a script for
 * `new Worker(script, { eval: true })`: the server's TypeScript runs through tsx in every
 * process (server, tests, benches), but Node 20 does not hand its module loader on to worker
 * threads, so the worker registers tsx's require hook itself before it loads the module.
 */
export function typeScriptWorker(module: URL): string {
  return [
    `require(${JSON.stringify(createRequire(import.meta.url).resolve('tsx/cjs/api'))}).register();`,
    `require(${JSON.stringify(fileURLToPath(module))});`,
  ].join('\n');
}
