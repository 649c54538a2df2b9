import { dictionary } from '@zxcvbn-ts/language-common';

// What a new password must not be: shorter than 8 characters, one of the ~50,000 passwords
// most often found in breaches (zxcvbn-ts's common list, compared without case), or the
// account's own username. Length alone let `12345678` through.

export const MIN_PASSWORD_LENGTH = 8;

const common = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}

/** The message for a password that names its own account, or null when it does not. */
export function sameAsUsername(password: string, username: string): string | null {
  return password.trim().toLowerCase() === username.trim().toLowerCase()
    ? 'The password must not be the username'
    : null;
}
