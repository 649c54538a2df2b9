import { useForm, type UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { accountApi, type AccountApi } from '../../api/account.api.ts';
import { formRule } from '../common/form/form-rules.ts';
import { notify } from '../common/notify.tsx';
import { confirmationRule, passwordRule } from '../register/account-rules.ts';
import { focusFirstError } from '../register/focus-first-error.ts';
import { PASSWORD_CHANGED } from './profile-messages.ts';
import type { FormNotice } from './form-notice.tsx';
import { showSaveFailure } from './show-save-failure.ts';
import type { ProfileState } from './use-profile.ts';

export interface PasswordValues {
  current_password: string;
  password: string;
  password_confirmation: string;
}

export const PASSWORD_FIELDS = [
  'current_password',
  'password',
  'password_confirmation',
] as const satisfies readonly (keyof PasswordValues)[];

export interface PasswordFormState {
  form: UseFormReturnType<PasswordValues>;
  notice: FormNotice;
  submit: (event?: React.FormEvent<HTMLFormElement>) => void;
}

const EMPTY: PasswordValues = { current_password: '', password: '', password_confirmation: '' };

/**
 * A new password for the own account: the server checks the current one, and the change is
 * saved against the profile's version like any other. The fields empty after a change.
 */
export function usePasswordForm(
  state: ProfileState,
  api: AccountApi = accountApi,
): PasswordFormState {
  const { profile, accept, reload } = state;
  const [notice, setNotice] = useState<FormNotice>(null);
  const form = useForm<PasswordValues>({
    name: 'password',
    mode: 'controlled',
    initialValues: EMPTY,
    validate: {
      current_password: formRule('Current password', 'required'),
      password: passwordRule('New password'),
      password_confirmation: confirmationRule<PasswordValues>('Confirm new password', 'password'),
    },
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(
    async (values) => {
      setNotice(null);
      try {
        const saved = await api.updateProfile({
          version: profile.version,
          current_password: values.current_password,
          password: values.password,
        });
        form.reset();
        accept(saved);
        notify.success(PASSWORD_CHANGED);
      } catch (error) {
        // The typed values stay; the next submit carries the reloaded version.
        await showSaveFailure(error, { form, fields: PASSWORD_FIELDS, setNotice, reload });
      }
    },
    (errors) => focusFirstError(form, errors, PASSWORD_FIELDS),
  );

  return { form, notice, submit };
}
