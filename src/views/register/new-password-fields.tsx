import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { PASSWORD_MAX, PASSWORD_MIN } from './account-rules.ts';

// A new password and its confirmation, as registering, changing a password and the users
// screen ask them. Editing a user leaves both optional: empty keeps the current password.

type PasswordForm = {
  getInputProps(path: 'password' | 'password_confirmation'): GetInputPropsReturnType;
};

export function NewPasswordFields({
  form,
  label,
  confirmLabel,
  required = true,
}: {
  form: PasswordForm;
  label: string;
  confirmLabel: string;
  required?: boolean;
}) {
  return (
    <>
      <PasswordInput
        label={label}
        description={
          required
            ? `At least ${PASSWORD_MIN} characters`
            : `Leave empty to keep the current one; at least ${PASSWORD_MIN} characters`
        }
        autoComplete="new-password"
        required={required}
        maxLength={PASSWORD_MAX}
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label={confirmLabel}
        autoComplete="new-password"
        required={required}
        maxLength={PASSWORD_MAX}
        {...form.getInputProps('password_confirmation')}
      />
    </>
  );
}
