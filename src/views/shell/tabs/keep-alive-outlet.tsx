import { useSelector } from '@xstate/react';
import { useRef, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router-dom';
import { useServices } from '../../services.context.ts';

/**
 * The page area with the view cache of spec §2 and §4. A page whose tab is open and whose
 * view the tabs machine caches stays mounted, hidden, when the user moves to another tab, so
 * its filters, scroll and half-typed form are there when they come back. `noCache` pages and
 * closed tabs unmount. A refresh changes the page's key, so React mounts it afresh.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const { tabs } = useServices();
  const { visited, cached, refreshKeys } = useSelector(tabs, (s) => s.context);
  // Each element keeps the route match it was rendered with, so a hidden page still renders
  // its own route. Written during render on purpose: what is shown is exactly this render's.
  const pages = useRef(new Map<string, ReactNode>());

  pages.current.set(pathname, outlet);
  for (const path of pages.current.keys()) {
    if (path === pathname) continue;
    const view = visited.find((v) => v.path === path);
    if (!view || !cached.includes(view.name)) pages.current.delete(path);
  }

  return [...pages.current].map(([path, element]) => (
    <div
      key={`${path}#${refreshKeys[path] ?? 0}`}
      style={path === pathname ? undefined : { display: 'none' }}
      data-view-path={path}
    >
      {element}
    </div>
  ));
}
