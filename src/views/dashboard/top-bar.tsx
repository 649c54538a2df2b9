import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
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
      <Group gap="lg" wrap="nowrap">
        <RealtimeBadge status={status} />
        <Menu position="bottom-end" width={260} shadow="md">
          <Menu.Target>
            <UnstyledButton aria-label="User menu">
              <Group gap="sm" wrap="nowrap">
                <Avatar color="blue" radius="xl" size={34}>
                  {initials(user.name)}
                </Avatar>
                <div>
                  <Text size="sm" fw={600} lh={1.2}>
                    {user.name}
                  </Text>
                  <Text size="xs" c="dimmed" lh={1.2}>
                    {user.company}
                  </Text>
                </div>
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label style={{ overflowWrap: 'anywhere' }}>
              {user.email || user.username}
            </Menu.Label>
            <Menu.Item color="red" onClick={onLogOut}>
              Log Out
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
