import { Navigate, type RouteObject } from 'react-router-dom';
import { MODULE_MANIFESTS, type SliceName } from '../../../modules/modules.ts';
import { ROUTE_MAP } from '../../domain/route-map/route-map.ts';
import type { RouteMeta } from '../../domain/route-map/route-meta.ts';
import { flattenRoutes, isPage } from '../../domain/route-map/route-tree.ts';
import type { PageMap } from '../modules/page-map.ts';
import type { RouteMetaHandle } from '../modules/route-handle.ts';

// The route map as react-router route objects. Each module's screens sit behind one dynamic
// import, so Vite emits one chunk per module and a user downloads only what they open.

type PageLoader = () => Promise<PageMap>;

/** A slice's screens: `modules/<name>/web/<name>.pages.tsx` exports them as `pages`. */
const SLICE_PAGES = import.meta.glob<PageMap>('../../../modules/*/web/*.pages.tsx', {
  import: 'pages',
});

// Every manifest's folder has its pages file ('finds a screen for every page' proves it).
const slicePages = (name: SliceName) =>
  SLICE_PAGES[`../../../modules/${name}/web/${name}.pages.tsx`] as PageLoader;

/**
 * One loader per top-level record, named after it: core records (/, dashboard, profile) share
 * one, and a slice's top record is named after its folder.
 */
export const PAGE_LOADERS = {
  core: () => import('../modules/core/core.pages.tsx').then((m) => m.corePages),
  inventory: () => import('../modules/inventory/inventory.pages.tsx').then((m) => m.inventoryPages),
  production: () =>
    import('../modules/production/production.pages.tsx').then((m) => m.productionPages),
  purchase: () => import('../modules/purchase/purchase.pages.tsx').then((m) => m.purchasePages),
  imports: () => import('../modules/imports/imports.pages.tsx').then((m) => m.importsPages),
  ...(Object.fromEntries(MODULE_MANIFESTS.map(({ name }) => [name, slicePages(name)])) as Record<
    SliceName,
    PageLoader
  >),
} as const satisfies Record<string, PageLoader>;

/** The loader of a top-level record: its own name for a module, core for the rest. */
export function pageLoaderOf(top: RouteMeta): PageLoader {
  return Object.hasOwn(PAGE_LOADERS, top.name)
    ? PAGE_LOADERS[top.name as keyof typeof PAGE_LOADERS]
    : PAGE_LOADERS.core;
}

/**
 * A module's forms and lists look up the entities their references name, so its pages wait for
 * the slices' entities; the registry is already in their chunks. The core pages (the dashboard,
 * the profile) use no registry, and do not download it.
 */
const moduleEntities = () =>
  import('../../domain/entities/entity-registry.ts').then((registry) =>
    registry.loadModuleEntities(),
  );

function routeObjectOf(
  route: RouteMeta,
  parents: readonly RouteMeta[],
  load: PageLoader,
): RouteObject {
  const handle: RouteMetaHandle = { title: route.title, meta: route, parents };
  if (route.redirect !== undefined) {
    return { path: route.path, handle, element: <Navigate to={route.redirect} replace /> };
  }
  return {
    path: route.path,
    handle,
    lazy: async () => {
      const [pages] = await Promise.all([load(), load === PAGE_LOADERS.core || moduleEntities()]);
      // A page missing from its module's map is a stand-in rather than a blank screen. Loaded
      // here, not imported above, so its icons stay out of the login page's bundle.
      const Component =
        pages[route.name] ?? (await import('../modules/not-built-page.tsx')).NotBuiltPage;
      return { Component };
    },
  };
}

/**
 * Flat route objects for every page of `routes` (the whole map, or only the routes a user may
 * access), in declaration order: react-router breaks ties by order, so a list still wins over
 * its optional-id form at the bare path. Groups are menu sections and add no route.
 */
export function buildRouteObjects(routes: readonly RouteMeta[] = ROUTE_MAP): RouteObject[] {
  return routes.flatMap((top) => {
    const load = pageLoaderOf(top);
    return flattenRoutes([top])
      .filter(({ route }) => isPage(route))
      .map(({ route, parents }) => routeObjectOf(route, parents, load));
  });
}
