import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { PASSWORD_MAX } from '../register/account-rules.ts';
import { NewPasswordFields } from '../register/new-password-fields.tsx';
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
        <NewPasswordFields form={form} label="New password" confirmLabel="Confirm new password" />
        <Group justify="flex-end" mt="xs">
          <Button type="submit" loading={form.submitting}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
