import { Badge, Card, Group, Text } from '@mantine/core';
import { isRole } from '../../domain/roles.ts';
import { roleLabel } from '../../domain/role-labels.ts';

/** The signed-in user's roles (docs/product.md §6). */
export function RolesCard({ roles }: { roles: readonly string[] }) {
  return (
    <Card withBorder radius="md" padding="lg" aria-label="Your roles" component="section">
      <Text fw={600}>Your roles</Text>
      <Text size="xs" c="dimmed" mb="md">
        What you may see and change across the modules.
      </Text>
      <Group gap={6}>
        {roles.map((role) => (
          <Badge key={role} variant="light" radius="sm" tt="none" size="lg" fw={500}>
            {isRole(role) ? roleLabel(role) : role}
          </Badge>
        ))}
      </Group>
    </Card>
  );
}
