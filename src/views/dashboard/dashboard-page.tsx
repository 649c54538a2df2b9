import { AppShell, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useServices } from '../services.context.ts';
import { useSession } from '../session/use-session.ts';
import { ModulesGrid } from './modules-grid.tsx';
import { PresenceCard } from './presence-card.tsx';
import { RolesCard } from './roles-card.tsx';
import { TopBar } from './top-bar.tsx';
import { usePresence } from './use-presence.ts';

export const DASHBOARD_CHANNEL = 'dashboard.home';

export function DashboardPage() {
  const { session } = useServices();
  const { user } = useSession();
  const presence = usePresence(DASHBOARD_CHANNEL);
  if (!user) return null;
  return (
    <AppShell header={{ height: 60 }} padding="lg" bg="gray.0">
      <AppShell.Header>
        <TopBar user={user} status={presence.status} onLogOut={() => void session.signOut()} />
      </AppShell.Header>
      <AppShell.Main>
        <Container size="xl" py="md">
          <Stack gap="xl">
            <div>
              <Title order={1} fz={24}>
                Dashboard
              </Title>
              <Text c="dimmed" size="sm">
                Welcome back, {user.name} · {user.company}
              </Text>
            </div>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <RolesCard roles={user.roles} />
              <PresenceCard
                members={presence.members}
                connected={presence.status === 'connected'}
              />
            </SimpleGrid>
            <ModulesGrid modules={user.modules} />
          </Stack>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
