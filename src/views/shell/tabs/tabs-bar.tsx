import { CloseButton, Menu, ScrollArea } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState, type MouseEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { TAB_CONTEXT_MENU_WIDTH_PX } from '../../../domain/constants.ts';
import { selectVisited } from '../../../machines/ui/tabs.machine.ts';
import type { TabView } from '../../../machines/ui/tabs.views.ts';
import { useServices } from '../../services.context.ts';
import classes from './tabs-bar.module.css';

interface ContextMenuAt {
  view: TabView;
  x: number;
  y: number;
}

/**
 * The visited-views bar (docs/product.md §2, §4): one tab per page opened, the active one
 * highlighted, a close button on every tab but the pinned ones, middle-click to close, and a
 * right-click menu (105 px) with Refresh, Close, Close Others and Close All.
 */
export function TabsBar() {
  const { tabs } = useServices();
  const visited = useSelector(tabs, selectVisited);
  const { pathname } = useLocation();
  const [menu, setMenu] = useState<ContextMenuAt | null>(null);

  const openMenu = (view: TabView) => (event: MouseEvent) => {
    event.preventDefault();
    setMenu({ view, x: event.clientX, y: event.clientY });
  };
  const close = (path: string) => tabs.send({ type: 'tabs.close', path });

  return (
    <div className={classes.bar} data-testid="tabs-bar">
      <ScrollArea type="never" scrollbars="x">
        <nav className={classes.list} aria-label="Open pages">
          {visited.map((view) => (
            <Link
              key={view.path}
              to={view.fullPath}
              className={classes.tab}
              data-active={view.path === pathname || undefined}
              data-affix={view.affix || undefined}
              data-testid="tab"
              data-path={view.path}
              aria-current={view.path === pathname ? 'page' : undefined}
              onContextMenu={openMenu(view)}
              onAuxClick={(event) => {
                if (event.button === 1 && !view.affix) {
                  event.preventDefault();
                  close(view.path);
                }
              }}
            >
              {view.title}
              {!view.affix && (
                <CloseButton
                  size={14}
                  iconSize={11}
                  radius="xl"
                  aria-label={`Close ${view.title}`}
                  className={classes.close}
                  onClick={(event) => {
                    event.preventDefault();
                    event.stopPropagation();
                    close(view.path);
                  }}
                />
              )}
            </Link>
          ))}
        </nav>
      </ScrollArea>
      <Menu
        opened={menu !== null}
        onChange={(opened) => !opened && setMenu(null)}
        width={TAB_CONTEXT_MENU_WIDTH_PX}
        position="bottom-start"
        offset={2}
        shadow="md"
      >
        <Menu.Target>
          {/* Only where the menu opens (at the pointer): nothing for assistive technology,
              which reaches the menu from the tab itself. */}
          <div
            className={classes.anchor}
            aria-hidden
            style={{ left: menu?.x ?? 0, top: menu?.y ?? 0 }}
          />
        </Menu.Target>
        <Menu.Dropdown data-testid="tab-context-menu" className={classes.contextMenu}>
          {menu && (
            <>
              <Menu.Item onClick={() => tabs.send({ type: 'tabs.refresh', path: menu.view.path })}>
                Refresh
              </Menu.Item>
              <Menu.Item disabled={menu.view.affix} onClick={() => close(menu.view.path)}>
                Close
              </Menu.Item>
              <Menu.Item
                onClick={() => tabs.send({ type: 'tabs.close_others', path: menu.view.path })}
              >
                Close Others
              </Menu.Item>
              <Menu.Item onClick={() => tabs.send({ type: 'tabs.close_all' })}>Close All</Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
    </div>
  );
}
