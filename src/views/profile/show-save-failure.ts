import type { FormErrors } from '@mantine/form';
import { accountFailureOf } from '../register/account-failure.ts';
import { focusFirstError } from '../register/focus-first-error.ts';
import { PROFILE_CHANGED_ELSEWHERE, PROFILE_RELOAD_FAILED } from './profile-messages.ts';
import type { FormNotice } from './form-notice.tsx';

export interface SaveFailureTarget {
  form: {
    setErrors: (errors: FormErrors) => void;
    getInputNode: (path: string) => HTMLElement | null;
  };
  /** The form's fields in the order focus should visit them. */
  fields: readonly string[];
  setNotice: (notice: FormNotice) => void;
  /** Reads the profile again after a stale version. */
  reload: () => Promise<unknown>;
}

/**
 * How either profile form shows a failed save: a stale version says the profile changed
 * elsewhere and reloads it (the form keeps what was typed), field errors go under their fields
 * with focus on the first, and anything the shell did not show is written above the form.
 */
export async function showSaveFailure(error: unknown, target: SaveFailureTarget): Promise<void> {
  const { form, fields, setNotice, reload } = target;
  const failed = accountFailureOf(error, fields);
  if (failed.kind === 'stale') {
    setNotice({ tone: 'warning', message: PROFILE_CHANGED_ELSEWHERE });
    await reload().catch(() => setNotice({ tone: 'error', message: PROFILE_RELOAD_FAILED }));
  }
  if (failed.kind === 'fields') {
    form.setErrors(failed.errors);
    focusFirstError(form, failed.errors, fields);
  }
  if (failed.kind === 'message') setNotice({ tone: 'error', message: failed.message });
}
