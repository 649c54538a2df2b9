import { Menu, NavLink, ScrollArea, Tooltip, UnstyledButton } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import type { RouteMeta } from '../../../domain/route-map/route-meta.ts';
import { matchPath, staticPathOf } from '../../../domain/route-map/route-path.ts';
import { RouteIcon } from '../route-icon.tsx';
import { useMenu } from '../use-accessible-routes.ts';
import classes from './sidebar-menu.module.css';

// The sidebar (docs/product.md §1, §2): the menu built from the routes the user may open. Open, it
// is a tree of sections; collapsed, a rail of icons whose sections open as flyouts.

const linkOf = (route: RouteMeta) => staticPathOf(route.path) ?? route.path;

function contains(route: RouteMeta, pathname: string): boolean {
  if (!route.children) return matchPath(route.path, pathname) !== undefined;
  return route.children.some((child) => contains(child, pathname));
}

function MenuTree({ routes, pathname, depth, onNavigate }: TreeProps) {
  return routes.map((route) =>
    route.children ? (
      <NavLink
        key={route.name}
        // A section opens and closes; as a button it is in the tab order and works with Enter.
        component="button"
        type="button"
        label={route.title}
        leftSection={depth === 0 ? <RouteIcon name={route.icon} size={18} /> : undefined}
        defaultOpened={contains(route, pathname)}
        childrenOffset={depth === 0 ? 28 : 14}
        className={classes.link}
      >
        <MenuTree
          routes={route.children}
          pathname={pathname}
          depth={depth + 1}
          onNavigate={onNavigate}
        />
      </NavLink>
    ) : (
      <NavLink
        key={route.name}
        component={Link}
        to={linkOf(route)}
        label={route.title}
        leftSection={depth === 0 ? <RouteIcon name={route.icon} size={18} /> : undefined}
        active={matchPath(route.path, pathname) !== undefined}
        onClick={onNavigate}
        className={classes.link}
        data-menu-path={linkOf(route)}
      />
    ),
  );
}

interface TreeProps {
  routes: readonly RouteMeta[];
  pathname: string;
  depth: number;
  onNavigate?: () => void;
}

function FlyoutItems({ routes }: { routes: readonly RouteMeta[] }) {
  return routes.map((route) =>
    route.children ? (
      <div key={route.name}>
        <Menu.Label>{route.title}</Menu.Label>
        <FlyoutItems routes={route.children} />
      </div>
    ) : (
      <Menu.Item
        key={route.name}
        component={Link}
        to={linkOf(route)}
        data-menu-path={linkOf(route)}
      >
        {route.title}
      </Menu.Item>
    ),
  );
}

function Rail({ routes, pathname }: { routes: readonly RouteMeta[]; pathname: string }) {
  return routes.map((route) => {
    const active = contains(route, pathname);
    const icon = <RouteIcon name={route.icon} size={20} />;
    if (!route.children) {
      return (
        <Tooltip key={route.name} label={route.title} position="right">
          <UnstyledButton
            component={Link}
            to={linkOf(route)}
            className={classes.railButton}
            data-active={active || undefined}
            aria-label={route.title}
            data-menu-path={linkOf(route)}
          >
            {icon}
          </UnstyledButton>
        </Tooltip>
      );
    }
    return (
      <Menu key={route.name} trigger="hover" position="right-start" offset={4} withinPortal>
        <Menu.Target>
          <UnstyledButton
            className={classes.railButton}
            data-active={active || undefined}
            aria-label={route.title}
          >
            {icon}
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown mah="80vh" style={{ overflowY: 'auto' }}>
          <div className={classes.flyoutTitle}>{route.title}</div>
          <Menu.Divider />
          <FlyoutItems routes={route.children} />
        </Menu.Dropdown>
      </Menu>
    );
  });
}

export interface SidebarMenuProps {
  /** Icons only, sections as flyouts. */
  collapsed: boolean;
  /** Called after a page link is followed (the mobile drawer closes). */
  onNavigate?: () => void;
}

export function SidebarMenu({ collapsed, onNavigate }: SidebarMenuProps) {
  const menu = useMenu();
  const { pathname } = useLocation();
  return (
    <ScrollArea type="hover" scrollbarSize={6} className={classes.scroll}>
      <nav aria-label="Main menu" className={collapsed ? classes.rail : classes.tree}>
        {collapsed ? (
          <Rail routes={menu} pathname={pathname} />
        ) : (
          <MenuTree routes={menu} pathname={pathname} depth={0} onNavigate={onNavigate} />
        )}
      </nav>
    </ScrollArea>
  );
}
