import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Logo } from '../common/logo.tsx';

export function NotFoundPage() {
  return (
    <Center mih="100vh" p="lg" bg="gray.0">
      <Stack align="center" gap="md" maw={420} ta="center">
        <Logo size={36} />
        <Title order={1} fz={72} fw={800} c="blue.8" lh={1} mt="lg">
          404
        </Title>
        <Title order={2} fz={22}>
          Page not found
        </Title>
        <Text c="dimmed">The page you asked for does not exist or has moved.</Text>
        <Button component={Link} to="/" mt="sm">
          Back to the dashboard
        </Button>
      </Stack>
    </Center>
  );
}
