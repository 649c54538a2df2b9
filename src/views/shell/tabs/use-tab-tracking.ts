import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { NavigationType, useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { staticPathOf } from '../../../domain/route-map/route-path.ts';
import { flattenRoutes } from '../../../domain/route-map/route-tree.ts';
import { selectNavigateTo } from '../../../machines/ui/tabs.machine.ts';
import type { TabVisit } from '../../../machines/ui/tabs.views.ts';
import { useRouteMetaHandle } from '../../modules/route-handle.ts';
import { useServices } from '../../services.context.ts';
import { useAccessibleRoutes } from '../use-accessible-routes.ts';

/**
 * Feeds the tabs machine from the router: the affix pages the user may open are pinned once
 * routes are known, every page shown becomes a visited view (taking the tab of the page a
 * replace navigation left), and when closing a tab asks to move elsewhere, the router follows.
 */
export function useTabTracking(): void {
  const { tabs } = useServices();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const accessible = useAccessibleRoutes();
  const handle = useRouteMetaHandle();

  const affix = useMemo<TabVisit[]>(
    () =>
      flattenRoutes(accessible).flatMap(({ route }) => {
        const path = staticPathOf(route.path);
        if (!route.affix || route.children || path === undefined) return [];
        return [{ path, fullPath: path, name: route.name, title: route.title, affix: true }];
      }),
    [accessible],
  );
  useEffect(() => {
    tabs.send({ type: 'tabs.init_affix', views: affix });
  }, [tabs, affix]);

  const meta = handle?.meta;
  const navigationType = useNavigationType();
  // The page shown before this one: a replace navigation hands its tab to the new page.
  const previous = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!meta || meta.redirect !== undefined) return;
    const replacing = navigationType === NavigationType.Replace ? previous.current : undefined;
    previous.current = pathname;
    tabs.send({
      type: 'tabs.visit',
      replacing,
      view: {
        path: pathname,
        fullPath: pathname + search,
        name: meta.name,
        title: meta.title,
        affix: meta.affix ?? false,
        noCache: meta.noCache ?? false,
      },
    });
  }, [tabs, meta, pathname, search, navigationType]);

  const navigateTo = useSelector(tabs, selectNavigateTo);
  useEffect(() => {
    if (navigateTo) void navigate(navigateTo);
  }, [navigateTo, navigate]);
}
