import { Anchor, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useAppConfig } from '../common/use-app-config.ts';
import { GuestFrame } from '../common/guest-frame.tsx';
import { DemoPanel } from './demo-panel.tsx';
import { LoginForm } from './login-form.tsx';
import { useLoginForm } from './use-login-form.ts';

export function LoginPage() {
  const form = useLoginForm();
  const { config } = useAppConfig();
  return (
    <GuestFrame
      tagline="The plant, live."
      pitch="Production, inventory, purchasing and sales for every line and warehouse, updated as the floor moves."
      width={380}
    >
      <div>
        <Title order={1} fz={26} fw={700}>
          Plantline
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          Log in with your staff account.
        </Text>
      </div>
      <LoginForm form={form} />
      <Text size="sm" c="dimmed">
        New here?{' '}
        <Anchor component={Link} to="/register" fw={600}>
          Create an account
        </Anchor>
      </Text>
      {config && (
        <DemoPanel
          demo={config.demo}
          onPick={(username, password) => form.fill({ username, password })}
        />
      )}
    </GuestFrame>
  );
}
