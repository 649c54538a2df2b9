import { composeRules, formRule, type Rule } from '../common/form/form-rules.ts';

// Client-side checks of the account fields, matching the server's rules for registration and
// the profile (server/http/routes/user-fields.ts), so most mistakes are caught before a call.
// The server stays the authority: its answers still land under the same fields.

export const USERNAME_MAX = 60;
export const NAME_MAX = 120;
export const EMAIL_MAX = 190;
export const COMPANY_MAX = 120;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

const USERNAME_CHARACTERS = /^[A-Za-z0-9._@-]+$/;

/** Required, then only the characters the server accepts in a username. */
export const usernameRule: Rule = composeRules(formRule('Username', 'required'), (value) =>
  typeof value === 'string' && !USERNAME_CHARACTERS.test(value.trim())
    ? 'Use letters, digits and . _ @ - only'
    : null,
);

/** Required, and at least PASSWORD_MIN characters. */
export function passwordRule(label: string): Rule {
  return composeRules(formRule(label, 'required'), (value) =>
    typeof value === 'string' && value.length < PASSWORD_MIN
      ? `${label} must have at least ${PASSWORD_MIN} characters`
      : null,
  );
}

/** The confirmation must repeat the value of `field` exactly. */
export function confirmationRule<V>(label: string, field: keyof V) {
  return (value: unknown, values: V) => {
    if (value === '' || value === null || value === undefined) return `${label} is required`;
    return value === values[field] ? null : 'The passwords do not match';
  };
}
