import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useRealtime } from '../shell/realtime/realtime.context.tsx';
import { useUser } from '../session/use-session.ts';
import { greetingAt } from './greeting.ts';
import { ModulesGrid } from './modules-grid.tsx';
import { MyWorkSection } from './my-work-section.tsx';
import { PresenceCard } from './presence-card.tsx';
import { RolesCard } from './roles-card.tsx';
import { usePresence } from './use-presence.ts';

/** Whose home shows the potency drift flag: the lab and QA (docs/domain/production.md). */
const POTENCY_WATCHERS = ['qa_manager', 'hplc_tech'];

/**
 * Loaded only for those who watch it: its chart shapes come with their schemas, which every
 * other person's home would download for nothing (tests/build/bundle-budget.test.ts).
 */
const PotencyDriftAlert = lazy(() =>
  import('../modules/production/potency/potency-drift-alert.tsx').then((m) => ({
    default: m.PotencyDriftAlert,
  })),
);

export const DASHBOARD_CHANNEL = 'dashboard.home';

/**
 * The landing page: a greeting, what waits for the user (their work first), what their roles
 * open, and who else is here.
 */
export function DashboardPage() {
  const user = useUser();
  const members = usePresence(DASHBOARD_CHANNEL);
  const connected = useRealtime()?.status === 'connected';
  return (
    <Stack gap="xl" p="md" maw={1400}>
      <div>
        <Title order={1} fz={24}>
          {greetingAt(new Date())}, {user.name}
        </Title>
        <Text c="dimmed" size="sm">
          {user.company}
        </Text>
      </div>
      {user.roles.some((r) => POTENCY_WATCHERS.includes(r)) && (
        <Suspense fallback={null}>
          <PotencyDriftAlert />
        </Suspense>
      )}
      <MyWorkSection />
      <ModulesGrid user={user} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <RolesCard roles={user.roles} />
        <PresenceCard members={members} connected={connected} />
      </SimpleGrid>
    </Stack>
  );
}
