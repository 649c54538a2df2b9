import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { COMPANY_MAX, EMAIL_MAX, NAME_MAX, USERNAME_MAX } from './account-rules.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import type { RegisterFormState } from './use-register-form.ts';

/** The account fields and submit; Enter in any field submits (it is a real form). */
export function RegisterForm({ state }: { state: RegisterFormState }) {
  const { form, failure, submit } = state;
  return (
    <form onSubmit={submit} noValidate aria-label="Create an account">
      <Stack gap="sm">
        {failure && (
          <Alert color="red" variant="light" role="alert" title="Registration failed">
            {failure}
          </Alert>
        )}
        <TextInput
          label="Username"
          description="You log in with it: letters, digits and . _ @ - only"
          autoComplete="username"
          autoFocus
          required
          maxLength={USERNAME_MAX}
          {...form.getInputProps('username')}
        />
        <TextInput
          label="Full name"
          autoComplete="name"
          required
          maxLength={NAME_MAX}
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX}
          {...form.getInputProps('email')}
        />
        <TextInput
          label="Company"
          autoComplete="organization"
          maxLength={COMPANY_MAX}
          {...form.getInputProps('company')}
        />
        <NewPasswordFields form={form} label="Password" confirmLabel="Confirm password" />
        <Button type="submit" size="md" fullWidth loading={form.submitting} mt="xs">
          Create account
        </Button>
      </Stack>
    </form>
  );
}
