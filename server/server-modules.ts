import type { FastifyInstance } from 'fastify';
import { MODULE_MANIFESTS } from '../modules/modules.ts';
import type { ModuleManifest } from '../src/domain/module-manifest.ts';
import type { AppDeps } from './app-deps.ts';
import type { AttachmentHolder } from './attachments/attachment-holder.ts';
import type { AttachmentStore } from './attachments/attachment-store.ts';
import type { Tx } from './db/client.ts';
import type { QueueQuery } from './http/routes/my-work/queue-query.ts';
import type { WorkQueue } from '../src/machines/workflows/work-queue.ts';
import type { CrewContext } from './simulate/crew-context.ts';

// What a module built as a slice gives the server: `modules/<name>/server/<name>.server.ts`
// exports it as `serverModule`. The server finds the file by that name from the manifest, as
// the page loaders find `web/<name>.pages.tsx`, so the list in modules/modules.ts is the only
// registry a new module is added to (modules/README.md).

export type DemoContext = { readonly timezone: string; readonly attachments: AttachmentStore };

/**
 * Where a slice's demo data goes in the demo seed: `master` right after the reference data
 * (countries, currencies), with the master data every other demo draws on (sites, lookups,
 * taxes, customers); `supply` with the plant's supply, after its purchases and sales and before
 * the lot trace, which follows a lot the lab released through the plant; `plant` after the
 * whole plant it may draw on (products, stock, sales history).
 */
export type DemoStage = 'master' | 'supply' | 'plant';

export type ServerModule = {
  /** Its routes (and through them its channels' broadcasts) on the app. */
  readonly register: (app: FastifyInstance, deps: AppDeps) => void;
  /** Its documents' number prefixes by document type (`nextNumber`), e.g. `{ pm_project: 'PJ' }`. */
  readonly documentNumbers?: Readonly<Record<string, string>>;
  /** Its demo data, in the demo seed's transaction, after the modules it depends on. */
  readonly seedDemo?: (tx: Tx, context: DemoContext) => Promise<void>;
  /** When the demo seed writes it (DemoStage); after the whole plant unless it says otherwise. */
  readonly demoStage?: DemoStage;
  /** Its "My work" queues, declared beside its workflows (home page and approval inbox). */
  readonly workQueues?: readonly WorkQueue[];
  /** The rows of each of its queues, by queue key (my-work.queries.ts). */
  readonly queueQueries?: Readonly<Record<string, QueueQuery>>;
  /** Its kinds of document that hold files, and who reads them (attachment-holders.ts). */
  readonly attachmentHolders?: readonly AttachmentHolder[];
  /** Its people in the plant simulator: one step of theirs a tick, after the floor's. */
  readonly crew?: (ctx: CrewContext) => SimulatorCrew;
};

/** Demo people of one module who work through the public API, a step each tick. */
export type SimulatorCrew = { step(): Promise<void> };

const isServerModule = (value: unknown): value is ServerModule =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { register?: unknown }).register === 'function';

/** A slice's server module, with the name of its folder. */
export type LoadedServerModule = ServerModule & { readonly name: string };

async function serverModuleOf(manifest: ModuleManifest): Promise<LoadedServerModule> {
  const path = `../modules/${manifest.name}/server/${manifest.name}.server.ts`;
  const entry = (await import(path)) as { serverModule?: unknown };
  if (!isServerModule(entry.serverModule)) {
    throw new Error(
      `${path.slice(3)} must export serverModule (a ServerModule: server/server-modules.ts)`,
    );
  }
  return { ...entry.serverModule, name: manifest.name };
}

let loaded: Promise<readonly LoadedServerModule[]> | undefined;

/** Every slice's server part, in the order of modules/modules.ts; loaded once per process. */
export function serverModules(): Promise<readonly LoadedServerModule[]> {
  loaded ??= Promise.all(MODULE_MANIFESTS.map(serverModuleOf));
  return loaded;
}
