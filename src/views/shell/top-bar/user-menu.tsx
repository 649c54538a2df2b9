import { Avatar, Box, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { initials } from '../../common/initials.ts';
import { useServices } from '../../services.context.ts';
import { useUser } from '../../session/use-session.ts';

/** Spec §1: the user's company and name, and a menu with Profile and Log Out. */
export function UserMenu() {
  const user = useUser();
  const { session } = useServices();
  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        {/* Named by what it shows, then what it is: a label hiding the visible name would fail
            WCAG's label-in-name. */}
        <UnstyledButton data-testid="user-menu">
          <Group gap="xs" wrap="nowrap">
            <Box ta="right" visibleFrom="lg" style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm" fw={600} lh={1.2}>
                {user.name}
              </Text>
              <Text size="xs" c="dimmed" lh={1.2}>
                {user.company}
              </Text>
            </Box>
            <Avatar color="blue" radius="xl" size={32}>
              {initials(user.name)}
            </Avatar>
          </Group>
          <VisuallyHidden>User menu</VisuallyHidden>
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
        </Box>
        <Menu.Divider />
        <Menu.Item component={Link} to="/profile/index" leftSection={<IconUser size={16} />}>
          Profile
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={() => session.send({ type: 'session.logout' })}
        >
          Log Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
