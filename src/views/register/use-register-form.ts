import { useForm, type UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { accountApi, type AccountApi, type Registered } from '../../api/account.api.ts';
import { formRule, validEmail } from '../common/form/form-rules.ts';
import { accountFailureOf } from './account-failure.ts';
import { confirmationRule, passwordRule, usernameRule } from './account-rules.ts';
import { focusFirstError } from './focus-first-error.ts';

export interface RegisterValues {
  username: string;
  name: string;
  email: string;
  company: string;
  password: string;
  password_confirmation: string;
}

/** Field order on screen: the first one with an error gets the focus. */
export const REGISTER_FIELDS = [
  'username',
  'name',
  'email',
  'company',
  'password',
  'password_confirmation',
] as const satisfies readonly (keyof RegisterValues)[];

export interface RegisterFormState {
  form: UseFormReturnType<RegisterValues>;
  /** The account once created: the page then says it waits for a role. */
  registered: Registered | null;
  /** A failure no field and no shell notification explains, shown above the form. */
  failure: string | null;
  submit: (event?: React.FormEvent<HTMLFormElement>) => void;
}

/**
 * The registration form: the server's rules checked on blur and on submit, then POST
 * /api/register. A validation error from the server lands under its fields (the shell also
 * lists it in its 'Validation Error' notification); other answers the shell does not show are
 * written above the form.
 */
export function useRegisterForm(api: AccountApi = accountApi): RegisterFormState {
  const [registered, setRegistered] = useState<Registered | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RegisterValues>({
    name: 'register',
    mode: 'controlled',
    initialValues: {
      username: '',
      name: '',
      email: '',
      company: '',
      password: '',
      password_confirmation: '',
    },
    validate: {
      username: usernameRule,
      name: formRule('Full name', 'required'),
      email: validEmail(),
      password: passwordRule('Password'),
      password_confirmation: confirmationRule<RegisterValues>('Confirm password', 'password'),
    },
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(
    async (values) => {
      setFailure(null);
      try {
        setRegistered(await api.register(values));
      } catch (error) {
        const failed = accountFailureOf(error, REGISTER_FIELDS);
        if (failed.kind === 'fields') {
          form.setErrors(failed.errors);
          focusFirstError(form, failed.errors, REGISTER_FIELDS);
        }
        if (failed.kind === 'message') setFailure(failed.message);
      }
    },
    (errors) => focusFirstError(form, errors, REGISTER_FIELDS),
  );

  return { form, registered, failure, submit };
}
