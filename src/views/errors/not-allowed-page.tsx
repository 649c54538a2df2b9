import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Logo } from '../common/logo.tsx';

/** /401: a page that exists, but the user's roles or modules do not open it. */
export function NotAllowedPage() {
  return (
    <Center mih="100vh" p="lg" bg="gray.0">
      <Stack align="center" gap="md" maw={420} ta="center">
        <Logo size={36} />
        <Title order={1} fz={72} fw={800} c="orange.5" lh={1} mt="lg">
          401
        </Title>
        <Title order={2} fz={22}>
          Not allowed
        </Title>
        <Text c="dimmed">
          Your roles do not open this page. Ask an administrator if you need it.
        </Text>
        <Button component={Link} to="/" mt="sm">
          Back to the dashboard
        </Button>
      </Stack>
    </Center>
  );
}
