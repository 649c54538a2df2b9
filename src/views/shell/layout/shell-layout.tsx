import { ActionIcon, AppShell, Group, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { guidesReadOf } from '../../../api/guides.api.ts';
import { canVisit } from '../../../domain/route-visibility.ts';
import { GuidesProvider } from '../../common/guide/guides.context.tsx';
import { useServices } from '../../services.context.ts';
import { useUser } from '../../session/use-session.ts';
import { ErrorBoundary } from '../error-log/error-boundary.tsx';
import { readSidebarOpen, writeSidebarOpen } from '../preferences/ui-cookies.ts';
import { RealtimeProvider } from '../realtime/realtime.context.tsx';
import { useOwnAccountUpdates } from '../realtime/use-own-account-updates.ts';
import { SidebarMenu } from '../sidebar/sidebar-menu.tsx';
import { KeepAliveOutlet } from '../tabs/keep-alive-outlet.tsx';
import { TabsBar } from '../tabs/tabs-bar.tsx';
import { useTabTracking } from '../tabs/use-tab-tracking.ts';
import { TopBar } from '../top-bar/top-bar.tsx';
import { useDevice } from './use-device.ts';
import { isWallDisplay, WallFrame } from './wall-frame.tsx';

const SIDEBAR_WIDTH = { open: 232, rail: 64 } as const;

/** Listens on the session's connection, so it sits inside <RealtimeProvider>. */
function AccountUpdates() {
  useOwnAccountUpdates();
  return null;
}

/**
 * The frame of every signed-in page (docs/product.md §1, §2, §4): sidebar, top bar, tabs and the
 * page. Defaults of docs/product.md §9: tabs view on, fixed header off (the bars scroll with the
 * page), sidebar logo off. On a desktop the sidebar's open or collapsed state is remembered in a
 * cookie; on a mobile width it is closed and opens over the page.
 */
export function ShellLayout() {
  const user = useUser();
  const { errorLog } = useServices();
  const { pathname, search } = useLocation();
  const device = useDevice();
  const [desktopOpen, setDesktopOpen] = useState(readSidebarOpen);
  const [mobileOpen, setMobileOpen] = useState(false);
  // A new array only when /me answers again, so the guides store resyncs only then.
  const guidesRead = useMemo(() => guidesReadOf(user), [user]);
  useTabTracking();

  // Moving to mobile width, or to another page there, closes the overlay sidebar.
  useEffect(() => setMobileOpen(false), [device, pathname]);

  const mobile = device === 'mobile';
  const sidebarOpen = mobile ? mobileOpen : desktopOpen;
  const toggle = () => {
    if (mobile) return setMobileOpen((open) => !open);
    writeSidebarOpen(!desktopOpen);
    setDesktopOpen(!desktopOpen);
  };

  if (isWallDisplay(search)) {
    return (
      <RealtimeProvider>
        <AccountUpdates />
        <ErrorBoundary log={errorLog} resetKey={pathname}>
          {canVisit(pathname, user) ? <WallFrame /> : <Navigate to="/401" replace />}
        </ErrorBoundary>
      </RealtimeProvider>
    );
  }

  return (
    <RealtimeProvider>
      <AccountUpdates />
      <GuidesProvider serverRead={guidesRead}>
        <AppShell
          navbar={{
            width: desktopOpen ? SIDEBAR_WIDTH.open : SIDEBAR_WIDTH.rail,
            breakpoint: '62em',
            collapsed: { mobile: !mobileOpen },
          }}
          bg="gray.0"
          data-device={device}
          data-sidebar={sidebarOpen ? 'open' : 'collapsed'}
        >
          <AppShell.Navbar data-testid="sidebar">
            {mobile && (
              // On a phone the menu covers the page, so it carries its own way out.
              <Group justify="space-between" px="md" py="xs">
                <Text fw={600} size="sm">
                  Menu
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label="Close menu"
                  onClick={() => setMobileOpen(false)}
                >
                  <IconX size={18} />
                </ActionIcon>
              </Group>
            )}
            <SidebarMenu
              collapsed={!mobile && !desktopOpen}
              onNavigate={() => setMobileOpen(false)}
            />
          </AppShell.Navbar>
          <AppShell.Main>
            <TopBar sidebarOpen={sidebarOpen} onToggleSidebar={toggle} />
            <TabsBar />
            <ErrorBoundary log={errorLog} resetKey={pathname}>
              {canVisit(pathname, user) ? <KeepAliveOutlet /> : <Navigate to="/401" replace />}
            </ErrorBoundary>
          </AppShell.Main>
        </AppShell>
      </GuidesProvider>
    </RealtimeProvider>
  );
}
