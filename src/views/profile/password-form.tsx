import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { PASSWORD_MAX, PASSWORD_MIN } from '../register/account-rules.ts';
import { FormNoticeAlert } from './form-notice.tsx';
import type { PasswordFormState } from './use-password-form.ts';

/** Current, new and repeated password; Enter in any of them changes it. */
export function PasswordForm({ state }: { state: PasswordFormState }) {
  const { form, notice, submit } = state;
  return (
    <form onSubmit={submit} noValidate aria-label="Change password">
      <Stack gap="sm">
        <FormNoticeAlert notice={notice} />
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          maxLength={PASSWORD_MAX}
          {...form.getInputProps('current_password')}
        />
        <PasswordInput
          label="New password"
          description={`At least ${PASSWORD_MIN} characters`}
          autoComplete="new-password"
          required
          maxLength={PASSWORD_MAX}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          maxLength={PASSWORD_MAX}
          {...form.getInputProps('password_confirmation')}
        />
        <Group justify="flex-end" mt="xs">
          <Button type="submit" loading={form.submitting}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
