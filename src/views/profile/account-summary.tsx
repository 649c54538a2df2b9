import { Avatar, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UserInfo } from '../../api/auth.types.ts';
import { isRole } from '../../domain/roles.ts';
import { roleLabel } from '../../domain/role-labels.ts';
import { initials } from '../common/initials.ts';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: 0.4 }}>
        {label}
      </Text>
      <Text size="sm" mt={2} component="div">
        {children}
      </Text>
    </div>
  );
}

/**
 * Who the account is, read-only: the username is how one logs in, and roles are an
 * administrator's business (users screen), so neither is edited here.
 */
export function AccountSummary({ profile }: { profile: UserInfo }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Account">
      <Group gap="lg" align="flex-start" wrap="nowrap">
        <Avatar color="blue" radius="xl" size={56}>
          {initials(profile.name)}
        </Avatar>
        <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
          <div>
            <Text fw={700} fz="lg" lh={1.2}>
              {profile.name}
            </Text>
            {profile.email && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {profile.email}
              </Text>
            )}
          </div>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <Fact label="Username">{profile.username}</Fact>
            <Fact label="Company">{profile.company || '—'}</Fact>
            <Fact label="Roles">
              <Group gap={6} aria-label="Roles">
                {profile.roles.map((role) => (
                  <Badge key={role} variant="light" radius="sm" tt="none" fw={500}>
                    {isRole(role) ? roleLabel(role) : role}
                  </Badge>
                ))}
              </Group>
            </Fact>
          </SimpleGrid>
        </Stack>
      </Group>
    </Card>
  );
}
