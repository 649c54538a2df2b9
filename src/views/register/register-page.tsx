import { Anchor, Box, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Logo } from '../common/logo.tsx';
import classes from '../login/login-page.module.css';
import { RegisterDone } from './register-done.tsx';
import { RegisterForm } from './register-form.tsx';
import { useRegisterForm } from './use-register-form.ts';

/** /register: the login page's layout, with the account form, then what happens next. */
export function RegisterPage() {
  const state = useRegisterForm();
  return (
    <div className={classes.page}>
      <aside className={classes.brand}>
        <Logo size={44} inverted />
        <Box>
          <Title order={2} c="white" fw={600} lh={1.25}>
            Join the floor.
          </Title>
          <Text c="white" opacity={0.85} mt="sm" maw={380}>
            Create your staff account. An administrator then grants your roles, and with them the
            modules and screens you can open.
          </Text>
        </Box>
        <Text size="xs" c="white" opacity={0.7}>
          Internal operations console · authorised staff only
        </Text>
      </aside>
      <main className={classes.panel}>
        <Stack w="100%" maw={400} gap="lg">
          <img className={classes.mobileLogo} src="/logo.svg" width={44} height={44} alt="" />
          {state.registered ? (
            <RegisterDone account={state.registered} />
          ) : (
            <>
              <div>
                <Title order={1} fz={26} fw={700}>
                  Create an account
                </Title>
                <Text c="dimmed" size="sm" mt={4}>
                  You can log in once an administrator grants you a role.
                </Text>
              </div>
              <RegisterForm state={state} />
            </>
          )}
          {!state.registered && (
            <Text size="sm" ta="center">
              Already have an account?{' '}
              <Anchor component={Link} to="/login" fw={600}>
                Log in
              </Anchor>
            </Text>
          )}
        </Stack>
      </main>
    </div>
  );
}
