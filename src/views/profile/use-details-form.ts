import { useForm, type UseFormReturnType } from '@mantine/form';
import { useEffect, useEffectEvent, useState } from 'react';
import { accountApi, type AccountApi } from '../../api/account.api.ts';
import type { UserInfo } from '../../api/auth.types.ts';
import { formRule, validEmail } from '../common/form/form-rules.ts';
import { notify } from '../common/notify.tsx';
import { focusFirstError } from '../register/focus-first-error.ts';
import type { FormNotice } from './form-notice.tsx';
import { PROFILE_SAVED } from './profile-messages.ts';
import { rebaseValues } from './rebase-values.ts';
import { showSaveFailure } from './show-save-failure.ts';
import type { ProfileState } from './use-profile.ts';

export interface DetailsValues {
  name: string;
  email: string;
  timezone: string;
}

export const DETAILS_FIELDS = [
  'name',
  'email',
  'timezone',
] as const satisfies readonly (keyof DetailsValues)[];

/** What the page tells about the last save of a form, above its fields. */

export interface DetailsFormState {
  form: UseFormReturnType<DetailsValues>;
  notice: FormNotice;
  submit: (event?: React.FormEvent<HTMLFormElement>) => void;
}

const detailsOf = (user: UserInfo): DetailsValues => ({
  name: user.name,
  email: user.email ?? '',
  timezone: user.timezone,
});

/**
 * Name, e-mail and time zone of the own profile, saved with the version they were read at.
 * Whenever a newer profile arrives (the first read, a save, a reload after a stale version)
 * the untouched fields take its values and the changed ones keep what was typed.
 */
export function useDetailsForm(
  state: ProfileState,
  api: AccountApi = accountApi,
): DetailsFormState {
  const { profile, accept, reload } = state;
  const [notice, setNotice] = useState<FormNotice>(null);
  const form = useForm<DetailsValues>({
    name: 'profile',
    mode: 'controlled',
    initialValues: detailsOf(profile),
    validate: {
      name: formRule('Full name', 'required'),
      email: validEmail(),
      timezone: formRule('Time zone', 'required'),
    },
    validateInputOnBlur: true,
  });

  const rebase = useEffectEvent((user: UserInfo) => {
    const fresh = detailsOf(user);
    const next = rebaseValues(form.getValues(), fresh, (field) => form.isDirty(field));
    form.setInitialValues(fresh);
    form.setValues(next);
    form.resetDirty(fresh);
  });
  useEffect(() => rebase(profile), [profile]);

  const submit = form.onSubmit(
    async (values) => {
      setNotice(null);
      try {
        const saved = await api.updateProfile({
          version: profile.version,
          name: values.name.trim(),
          email: values.email.trim() || null,
          timezone: values.timezone,
        });
        accept(saved);
        notify.success(PROFILE_SAVED);
      } catch (error) {
        // The typed values stay; the next submit carries the reloaded version.
        await showSaveFailure(error, { form, fields: DETAILS_FIELDS, setNotice, reload });
      }
    },
    (errors) => focusFirstError(form, errors, DETAILS_FIELDS),
  );

  return { form, notice, submit };
}
