import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import type { ConnectionStatus } from '../../api/echo-client.ts';
import type { UserInfo } from '../../api/auth.types.ts';
import { initials } from '../common/initials.ts';
import { Logo } from '../common/logo.tsx';
import { RealtimeBadge } from './realtime-badge.tsx';

export interface TopBarProps {
  user: UserInfo;
  status: ConnectionStatus;
  onLogOut: () => void;
}

/** Spec §1 top bar (spine): company and user name, a menu with Log Out, the live badge. */
export function TopBar({ user, status, onLogOut }: TopBarProps) {
  return (
    <Group h="100%" px="lg" justify="space-between" wrap="nowrap">
      <Logo size={28} />
      <Group gap="md" wrap="nowrap">
        <RealtimeBadge status={status} />
        <Menu position="bottom-end" width={260} shadow="md">
          <Menu.Target>
            <UnstyledButton aria-label="User menu">
              <Group gap="sm" wrap="nowrap">
                <Avatar color="blue" radius="xl" size={34}>
                  {initials(user.name)}
                </Avatar>
                <Box visibleFrom="sm">
                  <Text size="sm" fw={600} lh={1.2}>
                    {user.name}
                  </Text>
                  <Text size="xs" c="dimmed" lh={1.2}>
                    {user.company}
                  </Text>
                </Box>
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Box px="sm" py={6} style={{ overflowWrap: 'anywhere' }}>
              <Text size="sm" fw={600}>
                {user.name}
              </Text>
              <Text size="xs" c="dimmed">
                {user.company}
              </Text>
              <Text size="xs" c="dimmed">
                {user.email || user.username}
              </Text>
            </Box>
            <Menu.Divider />
            <Menu.Item color="red" onClick={onLogOut}>
              Log Out
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
