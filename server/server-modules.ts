import type { FastifyInstance } from 'fastify';
import { MODULE_MANIFESTS } from '../modules/modules.ts';
import type { ModuleManifest } from '../src/domain/module-manifest.ts';
import type { AppDeps } from './app-deps.ts';
import type { AttachmentStore } from './attachments/attachment-store.ts';
import type { Tx } from './db/client.ts';

// What a module built as a slice gives the server: `modules/<name>/server/<name>.server.ts`
// exports it as `serverModule`. The server finds the file by that name from the manifest, as
// the page loaders find `web/<name>.pages.tsx`, so the list in modules/modules.ts is the only
// registry a new module is added to (modules/README.md).

export type DemoContext = { readonly timezone: string; readonly attachments: AttachmentStore };

export type ServerModule = {
  /** Its routes (and through them its channels' broadcasts) on the app. */
  readonly register: (app: FastifyInstance, deps: AppDeps) => void;
  /** Its documents' number prefixes by document type (`nextNumber`), e.g. `{ pm_project: 'PJ' }`. */
  readonly documentNumbers?: Readonly<Record<string, string>>;
  /** Its demo data, in the demo seed's transaction, after the modules it depends on. */
  readonly seedDemo?: (tx: Tx, context: DemoContext) => Promise<void>;
};

const isServerModule = (value: unknown): value is ServerModule =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { register?: unknown }).register === 'function';

async function serverModuleOf(manifest: ModuleManifest): Promise<ServerModule> {
  const path = `../modules/${manifest.name}/server/${manifest.name}.server.ts`;
  const entry = (await import(path)) as { serverModule?: unknown };
  if (!isServerModule(entry.serverModule)) {
    throw new Error(
      `${path.slice(3)} must export serverModule (a ServerModule: server/server-modules.ts)`,
    );
  }
  return entry.serverModule;
}

let loaded: Promise<readonly ServerModule[]> | undefined;

/** Every slice's server part, in the order of modules/modules.ts; loaded once per process. */
export function serverModules(): Promise<readonly ServerModule[]> {
  loaded ??= Promise.all(MODULE_MANIFESTS.map(serverModuleOf));
  return loaded;
}
