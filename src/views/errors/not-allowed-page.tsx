import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Logo } from '../common/logo.tsx';

/**
 * Whether Back stays in the app: a first page (opened by URL, or replaced by the redirect here)
 * has nothing of ours behind it. The browser router keeps its position in `history.state.idx`.
 */
function useCanGoBack(): boolean {
  const { key } = useLocation();
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return key !== 'default' && (typeof idx !== 'number' || idx > 0);
}

/** /401: a page that exists, but the user's roles or modules do not open it. */
export function NotAllowedPage() {
  const navigate = useNavigate();
  const canGoBack = useCanGoBack();
  return (
    <Center mih="100vh" p="lg" bg="gray.0">
      <Stack align="center" gap="md" maw={460} ta="center">
        <Logo size={36} />
        <Text fz={72} fw={800} c="orange.5" lh={1} mt="lg">
          401
        </Text>
        <Title order={1} fz={24}>
          You are not allowed to open this page
        </Title>
        <Text c="dimmed">
          The page exists, but your roles, or the modules enabled for your company, do not include
          it. If you need it for your work, ask an administrator to grant you the role.
        </Text>
        <Group gap="sm" mt="sm" justify="center">
          <Button
            variant="default"
            onClick={() => void (canGoBack ? navigate(-1) : navigate('/', { replace: true }))}
          >
            Back
          </Button>
          <Button component={Link} to="/dashboard">
            Back to the dashboard
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
