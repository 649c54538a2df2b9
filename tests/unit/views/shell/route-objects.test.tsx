import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CORE_ROUTES } from '../../../../src/domain/route-map/core.routes.ts';
import { INVENTORY_ROUTES } from '../../../../src/domain/route-map/inventory.routes.ts';
import { MODULE_ROUTES, ROUTE_MAP } from '../../../../src/domain/route-map/route-map.ts';
import { PROJECTS_ROUTES } from '../../../../modules/projects/shared/projects.route-tree.ts';
import { buildRoutes, form, page } from '../../../../src/domain/route-map/route-builder.ts';
import type { RouteMeta } from '../../../../src/domain/route-map/route-meta.ts';
import { flattenRoutes, isPage } from '../../../../src/domain/route-map/route-tree.ts';
import { NotBuiltPage } from '../../../../src/views/modules/not-built-page.tsx';
import { routeMetaHandleOf } from '../../../../src/views/modules/route-handle.ts';
import {
  buildRouteObjects,
  PAGE_LOADERS,
  pageLoaderOf,
} from '../../../../src/views/shell/route-objects.tsx';
import { theme } from '../../../../src/views/theme.ts';

const pageNames = (routes: readonly RouteMeta[]) =>
  flattenRoutes(routes)
    .filter(({ route }) => isPage(route) && !route.redirect)
    .map(({ route }) => route.name);

/**
 * Project Management's top record with pages its page map does not have: every module is
 * built, so a screen not built yet is one the test declares. Named 'projects', it loads
 * through the Projects chunk like any page of that module.
 */
const UNBUILT = buildRoutes({
  ...PROJECTS_ROUTES,
  children: [
    page('/unbuilt-things', 'projects.unbuilt-things', 'Unbuilt Things', 'IconBriefcase'),
    form('/unbuilt-things/:thing_id', 'projects.unbuilt-thing', 'Unbuilt Thing', 'IconListCheck'),
  ],
});

function renderAt(path: string, routes: readonly RouteMeta[]) {
  const router = createMemoryRouter(buildRouteObjects(routes), { initialEntries: [path] });
  render(
    <MantineProvider theme={theme} env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

describe('buildRouteObjects', () => {
  it('makes one flat route per page of the map, in declaration order, with its meta', () => {
    const objects = buildRouteObjects();
    const pages = flattenRoutes(ROUTE_MAP).filter(({ route }) => isPage(route));
    expect(objects.map((o) => o.path)).toEqual(pages.map((e) => e.route.path));
    for (const object of objects) {
      const handle = routeMetaHandleOf(object.handle);
      expect(handle?.meta.path).toBe(object.path);
      expect(handle?.title).toBe(handle?.meta.title);
    }
  });

  it('hands the breadcrumb the groups above a page', () => {
    const object = buildRouteObjects().find(
      (o) => o.path === '/production/reports/batching-summary',
    );
    expect(routeMetaHandleOf(object?.handle)?.parents.map((p) => p.title)).toEqual([
      'Production',
      'Reports',
    ]);
  });

  it('renders the stand-in of a module page, loaded lazily', async () => {
    renderAt('/unbuilt-things', [UNBUILT]);
    // The first import of a module's chunk takes a while under load.
    expect(
      await screen.findByRole('heading', { name: 'Unbuilt Things' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByText('Not built yet')).toBeTruthy();
    expect(screen.getByText('/unbuilt-things')).toBeTruthy();
  });

  // Matched, not rendered: the inventory screens need the signed-in app around them.
  const matchedName = (path: string) => {
    const router = createMemoryRouter(buildRouteObjects([INVENTORY_ROUTES]), {
      initialEntries: [path],
    });
    const match = router.state.matches.at(-1);
    return { name: routeMetaHandleOf(match?.route.handle)?.meta.name, params: match?.params };
  };

  it('opens the list at a bare path and the form with an id', () => {
    expect(matchedName('/inventory/products').name).toBe('inventory.products');
    expect(matchedName('/inventory/products/12')).toEqual({
      name: 'inventory.product',
      params: { id: '12' },
    });
  });

  it('shows the pattern and the URL of a form opened with params', async () => {
    renderAt('/unbuilt-things/12', [UNBUILT]);
    expect(
      await screen.findByRole('heading', { name: 'Unbuilt Thing' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByText('/unbuilt-things/:thing_id')).toBeTruthy();
    expect(screen.getByText('/unbuilt-things/12')).toBeTruthy();
  });

  it('follows a redirect record', async () => {
    const moved: RouteMeta = {
      path: '/old-things',
      name: 'test.old_things',
      title: 'Old things',
      icon: 'IconRoute',
      roles: [],
      redirect: '/unbuilt-things',
    };
    const router = renderAt('/old-things', [moved, UNBUILT]);
    expect(
      await screen.findByRole('heading', { name: 'Unbuilt Things' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/unbuilt-things');
  });
});

describe('page loaders', () => {
  it('gives every module its own loader, named after its top record', () => {
    for (const top of MODULE_ROUTES)
      expect(pageLoaderOf(top), top.name).toBe(PAGE_LOADERS[top.name as never]);
    expect(new Set(MODULE_ROUTES.map(pageLoaderOf)).size).toBe(MODULE_ROUTES.length);
    for (const top of CORE_ROUTES) expect(pageLoaderOf(top)).toBe(PAGE_LOADERS.core);
  });

  it('finds a screen for every page of every module', async () => {
    for (const top of ROUTE_MAP) {
      const pages = await pageLoaderOf(top)();
      for (const name of pageNames([top])) expect(pages[name], name).toBeTypeOf('function');
    }
  });

  it('stands in with NotBuiltPage only where a module has no screen', async () => {
    const core = await PAGE_LOADERS.core();
    expect(core.dashboard).not.toBe(NotBuiltPage);
    expect(core['profile.index']).not.toBe(NotBuiltPage);
    const production = await PAGE_LOADERS.production();
    expect(production['production.flows']).not.toBe(NotBuiltPage);
    expect(production['production.import']).not.toBe(NotBuiltPage);
    const assembly = await PAGE_LOADERS.assembly();
    expect(assembly['assembly.machines']).not.toBe(NotBuiltPage);
    const rd = await PAGE_LOADERS.rd();
    expect(rd['rd.projects']).not.toBe(NotBuiltPage);
    const projects = await PAGE_LOADERS.projects();
    expect(projects['projects.list']).not.toBe(NotBuiltPage);
    expect(projects['projects.unbuilt-things']).toBeUndefined();
    // Every spec route has its screen now: no module map still holds the stand-in.
    for (const top of MODULE_ROUTES) {
      const pages = await pageLoaderOf(top)();
      const standIns = Object.keys(pages).filter((name) => pages[name] === NotBuiltPage);
      expect(standIns, top.name).toEqual([]);
    }
  });
});
