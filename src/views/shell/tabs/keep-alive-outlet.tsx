import { useSelector } from '@xstate/react';
import { useRef, type ReactNode } from 'react';
import { NavigationType, useLocation, useNavigationType, useOutlet } from 'react-router-dom';
import { useServices } from '../../services.context.ts';

/**
 * The page area with the view cache of docs/product.md §2 and §4. A page whose tab is open and
 * whose view the tabs machine caches stays mounted, hidden, when the user moves to another tab, so
 * its filters, scroll and half-typed form are there when they come back. `noCache` pages and
 * closed tabs unmount. A refresh changes the page's key, so React mounts it afresh.
 *
 * A page the router replaced with another address (a create form that became its record's
 * page, `…/new` → `…/12`) hands its mounted page on, as it hands on its tab: the form goes on
 * with the record it just saved. Mounted afresh, it would read the record again and put the
 * cursor back in its first field while the person typed on, their keys landing there.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const { tabs } = useServices();
  const { visited, cached, refreshKeys } = useSelector(tabs, (s) => s.context);
  // Each element keeps the route match it was rendered with, so a hidden page still renders
  // its own route. Written during render on purpose: what is shown is exactly this render's.
  const pages = useRef(new Map<string, ReactNode>());
  // The key each page was mounted under: its first path, or the page it took over.
  const keys = useRef(new Map<string, string>());
  const shown = useRef<string | null>(null);

  const replaced = shown.current;
  if (
    navigationType === NavigationType.Replace &&
    replaced !== null &&
    replaced !== pathname &&
    !pages.current.has(pathname) &&
    pages.current.has(replaced)
  ) {
    // In place, so the page keeps its position (and its focus) among the others.
    pages.current = new Map(
      [...pages.current].map(([path, element]) =>
        path === replaced ? [pathname, element] : [path, element],
      ),
    );
    keys.current.set(pathname, keys.current.get(replaced) ?? replaced);
    keys.current.delete(replaced);
  }
  shown.current = pathname;

  pages.current.set(pathname, outlet);
  for (const path of pages.current.keys()) {
    if (path === pathname) continue;
    const view = visited.find((v) => v.path === path);
    if (!view || !cached.includes(view.name)) {
      pages.current.delete(path);
      keys.current.delete(path);
    }
  }

  return [...pages.current].map(([path, element]) => (
    <div
      key={`${keys.current.get(path) ?? path}#${refreshKeys[path] ?? 0}`}
      style={path === pathname ? undefined : { display: 'none' }}
      data-view-path={path}
    >
      {element}
    </div>
  ));
}
