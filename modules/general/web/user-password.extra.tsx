import type { FormErrors } from '@mantine/form';
import type { FormExtra } from '../../../src/views/common/entity-form/form-extra.ts';
import type { FormValues } from '../../../src/views/common/entity-form/form-values.ts';
import { confirmationRule, passwordRule } from '../../../src/views/register/account-rules.ts';
import { NewPasswordFields } from '../../../src/views/register/new-password-fields.tsx';

// The users form's password: required for a new user; on an existing one, empty keeps the
// current password and a new one (which ends the user's sessions) must be confirmed. Only the
// password goes to the API, never its confirmation.

const LABEL = 'Password';
const CONFIRM_LABEL = 'Confirm password';

const checkPassword = passwordRule(LABEL);
const checkConfirmation = confirmationRule<FormValues>(CONFIRM_LABEL, 'password');

function validate(values: FormValues, creating: boolean): FormErrors {
  const keep = !creating && values.password === '' && values.password_confirmation === '';
  if (keep) return {};
  const errors: FormErrors = {};
  const password = checkPassword(values.password);
  if (password) errors.password = password;
  const confirmation = checkConfirmation(values.password_confirmation, values);
  if (confirmation) errors.password_confirmation = confirmation;
  return errors;
}

export const USER_PASSWORD: FormExtra = {
  values: { password: '', password_confirmation: '' },
  validate,
  payload: (values) =>
    typeof values.password === 'string' && values.password !== ''
      ? { password: values.password }
      : {},
  render: (form, creating) => (
    <NewPasswordFields form={form} label={LABEL} confirmLabel={CONFIRM_LABEL} required={creating} />
  ),
};
