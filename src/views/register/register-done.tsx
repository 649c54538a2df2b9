import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { Registered } from '../../api/account.api.ts';

/**
 * What follows a registration: the account exists but has no roles, and a login without roles
 * is refused (docs/product.md §5), so the page says who must act before the person can log in.
 */
export function RegisterDone({ account }: { account: Registered }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the person was typing in is gone; move the focus to what replaced it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack gap="md">
      <Title order={2} fz={22} ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
        Account created
      </Title>
      <Alert
        color="green"
        variant="light"
        role="status"
        icon={<IconCircleCheck size={20} />}
        title={`Your account “${account.username}” is ready`}
      >
        It has no roles yet, so you cannot log in with it for now. An administrator has to grant you
        a role first; ask yours to do so, then log in.
      </Alert>
      <Text size="sm" c="dimmed">
        Your roles decide which modules and screens you can open.
      </Text>
      <Button component={Link} to="/login" size="md" fullWidth>
        Go to login
      </Button>
    </Stack>
  );
}
