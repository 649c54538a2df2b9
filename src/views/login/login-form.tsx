import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { LoginFormState } from './use-login-form.ts';

/** Username, password and submit; Enter in either field submits (it is a real form). */
export function LoginForm({ form }: { form: LoginFormState }) {
  const { values, errors, failure, submitting } = form;
  return (
    <form onSubmit={(e) => form.submit(e)} noValidate aria-label="Log in">
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" role="alert" title="Login failed">
            {failure}
          </Alert>
        )}
        <TextInput
          label="Username"
          name="username"
          autoComplete="username"
          autoFocus
          size="md"
          value={values.username}
          error={errors.username || undefined}
          onChange={(e) => form.change('username', e.currentTarget.value)}
          onBlur={() => form.blur('username')}
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          size="md"
          value={values.password}
          error={errors.password || undefined}
          onChange={(e) => form.change('password', e.currentTarget.value)}
          onBlur={() => form.blur('password')}
        />
        <Button type="submit" size="md" fullWidth loading={submitting} mt="xs">
          Log In
        </Button>
      </Stack>
    </form>
  );
}
