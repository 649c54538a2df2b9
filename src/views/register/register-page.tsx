import { Anchor, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { GuestFrame } from '../common/guest-frame.tsx';
import { RegisterDone } from './register-done.tsx';
import { RegisterForm } from './register-form.tsx';
import { useRegisterForm } from './use-register-form.ts';

/** /register: the login page's layout, with the account form, then what happens next. */
export function RegisterPage() {
  const state = useRegisterForm();
  return (
    <GuestFrame
      tagline="Join the floor."
      pitch="Create your staff account. An administrator then grants your roles, and with them the modules and screens you can open."
      width={400}
    >
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
    </GuestFrame>
  );
}
