import { Avatar, Card, Group, Stack, Text } from '@mantine/core';
import type { Member } from './use-presence.ts';
import { initials } from '../common/initials.ts';

/** Who has the dashboard open right now (presence-dashboard.home). */
export function PresenceCard({
  members,
  connected,
}: {
  members: readonly Member[];
  connected: boolean;
}) {
  return (
    <Card withBorder radius="md" padding="lg" aria-label="Who is here" component="section">
      <Text fw={600}>Who is here</Text>
      <Text size="xs" c="dimmed" mb="md">
        {connected
          ? `${members.length} on this dashboard now`
          : 'Waiting for the realtime connection'}
      </Text>
      <Stack gap="xs">
        {members.map((m) => (
          <Group key={m.id} gap="sm" wrap="nowrap">
            <Avatar size={28} radius="xl" color="teal">
              {initials(m.name)}
            </Avatar>
            <Text size="sm">{m.name}</Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
