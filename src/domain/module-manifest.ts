import type { RouteMeta } from './route-map/route-meta.ts';

// A module built as a slice (modules/README.md) says what the registries need from it in one
// isomorphic object, and keeps three entry files the registries find by its name:
// `shared/<name>.entities.ts` (its entity declarations), `server/<name>.server.ts` (its routes
// and what else the server takes from it) and `web/<name>.pages.tsx` (its screens). So adding a
// module is its folder and one line in modules/modules.ts. The shell's route map reads every
// manifest, so a manifest is light data: the declarations, with zod behind them, load apart.

export type ModuleManifest = {
  /** The slice's folder under modules/, which also names its server and web entry files. */
  readonly name: string;
  /**
   * The other modules this one imports (lint refuses any other); docs/architecture.md says why
   * each is needed.
   */
  readonly dependsOn: readonly string[];
  /** Its top record of the route map; its pages load from `web/<name>.pages.tsx`. */
  readonly routes: RouteMeta;
};
