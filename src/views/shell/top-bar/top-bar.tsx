import { ActionIcon, Group } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useServices } from '../../services.context.ts';
import { Breadcrumb } from '../breadcrumb/breadcrumb.tsx';
import { ErrorLogButton } from '../error-log/error-log-button.tsx';
import { setUiSize, useUiSize } from '../preferences/ui-size.store.ts';
import { ConnectionIndicator } from '../realtime/connection-indicator.tsx';
import { ApprovalsBadge } from './approvals-badge.tsx';
import { FullscreenToggle } from './fullscreen-toggle.tsx';
import { RouteSearch } from './route-search.tsx';
import { SizeSelect } from './size-select.tsx';
import { UserMenu } from './user-menu.tsx';

export interface TopBarProps {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}

/** Spec §1 top bar: sidebar toggle and breadcrumb, then search, status, tools and the user. */
export function TopBar({ sidebarOpen, onToggleSidebar }: TopBarProps) {
  const { errorLog } = useServices();
  const size = useUiSize();
  return (
    <Group
      h={50}
      px="sm"
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      bg="white"
      data-testid="top-bar"
    >
      <Group gap="sm" wrap="nowrap" miw={0}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={onToggleSidebar}
          aria-label={sidebarOpen ? 'Collapse sidebar' : 'Expand sidebar'}
          aria-expanded={sidebarOpen}
          data-testid="sidebar-toggle"
        >
          {sidebarOpen ? (
            <IconLayoutSidebarLeftCollapse size={20} />
          ) : (
            <IconLayoutSidebarLeftExpand size={20} />
          )}
        </ActionIcon>
        <Group visibleFrom="xs" wrap="nowrap" miw={0}>
          <Breadcrumb />
        </Group>
      </Group>
      <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
        <RouteSearch />
        <ApprovalsBadge />
        <ConnectionIndicator />
        <ErrorLogButton log={errorLog} />
        <FullscreenToggle />
        <SizeSelect size={size} onChange={setUiSize} />
        <UserMenu />
      </Group>
    </Group>
  );
}
