import { Anchor, Box, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useAppConfig } from '../common/use-app-config.ts';
import { Logo } from '../common/logo.tsx';
import { DemoPanel } from './demo-panel.tsx';
import { LoginForm } from './login-form.tsx';
import { useLoginForm } from './use-login-form.ts';
import classes from './login-page.module.css';

export function LoginPage() {
  const form = useLoginForm();
  const { config } = useAppConfig();
  return (
    <div className={classes.page}>
      <aside className={classes.brand}>
        <Logo size={44} inverted />
        <Box>
          <Title order={2} c="white" fw={600} lh={1.25}>
            The plant, live.
          </Title>
          <Text c="white" opacity={0.85} mt="sm" maw={380}>
            Production, inventory, purchasing and sales for every line and warehouse, updated as the
            floor moves.
          </Text>
        </Box>
        <Text size="xs" c="white" opacity={0.7}>
          Internal operations console · authorised staff only
        </Text>
      </aside>
      <main className={classes.panel}>
        <Stack w="100%" maw={380} gap="lg">
          <img className={classes.mobileLogo} src="/logo.svg" width={44} height={44} alt="" />
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
        </Stack>
      </main>
    </div>
  );
}
