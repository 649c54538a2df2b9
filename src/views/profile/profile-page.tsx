import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { AccountSummary } from './account-summary.tsx';
import { DetailsForm } from './details-form.tsx';
import { PasswordForm } from './password-form.tsx';
import { useDetailsForm } from './use-details-form.ts';
import { usePasswordForm } from './use-password-form.ts';
import { useProfile } from './use-profile.ts';

function Section({
  title,
  hint,
  children,
}: {
  title: string;
  hint: string;
  children: React.ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Title order={2} fz="md" fw={600}>
        {title}
      </Title>
      <Text size="xs" c="dimmed" mb="md">
        {hint}
      </Text>
      {children}
    </Card>
  );
}

/** /profile/index: the signed-in user's own account, inside the shell. */
export function ProfilePage() {
  const profile = useProfile();
  const details = useDetailsForm(profile);
  const password = usePasswordForm(profile);
  return (
    <Stack gap="lg" p="md" maw={1100}>
      <div>
        <Title order={1} fz={24}>
          Profile
        </Title>
        <Text c="dimmed" size="sm">
          Your name, contact and time zone, and the password you log in with.
        </Text>
      </div>
      <AccountSummary profile={profile.profile} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title="Details" hint="How others see you, and the time zone dates are shown in.">
          <DetailsForm state={details} timezones={profile.timezones} />
        </Section>
        <Section title="Change password" hint="You need your current password to set a new one.">
          <PasswordForm state={password} />
        </Section>
      </SimpleGrid>
    </Stack>
  );
}
