import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { PASSWORD_MAX, PASSWORD_MIN } from './account-rules.ts';

// A new password and its confirmation, as registering and changing a password both ask them.

type PasswordForm = {
  getInputProps(path: 'password' | 'password_confirmation'): GetInputPropsReturnType;
};

export function NewPasswordFields({
  form,
  label,
  confirmLabel,
}: {
  form: PasswordForm;
  label: string;
  confirmLabel: string;
}) {
  return (
    <>
      <PasswordInput
        label={label}
        description={`At least ${PASSWORD_MIN} characters`}
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX}
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label={confirmLabel}
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX}
        {...form.getInputProps('password_confirmation')}
      />
    </>
  );
}
