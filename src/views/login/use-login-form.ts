import { useEffect, useState, type FormEvent } from 'react';
import { fieldMessage, isApiError } from '../../api/api-error.ts';
import type { Credentials } from '../../api/auth.types.ts';
import { errorText } from '../../api/error-text.ts';
import { useServices } from '../services.context.ts';
import { useSession } from '../session/use-session.ts';

type Field = keyof Credentials;

const LABELS: Record<Field, string> = { username: 'Username', password: 'Password' };

export interface LoginFormState {
  values: Credentials;
  /**
   * Field → message: required rules on blur and submit (docs/product.md §5), then the server's map.
   */
  errors: Partial<Record<Field, string>>;
  /** The server's answer to a failed login, shown as given (docs/product.md §8). */
  failure: string | null;
  submitting: boolean;
  change(field: Field, value: string): void;
  blur(field: Field): void;
  fill(values: Credentials): void;
  submit(event?: FormEvent): void;
}

function requiredErrors(values: Credentials, fields: Field[]): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const field of fields) {
    if (values[field].trim() === '') errors[field] = `${LABELS[field]} is required`;
  }
  return errors;
}

/**
 * State and actions of the login form over the session machine: submit sends
 * `session.login`, and the machine's outcome comes back here. A successful login is seen by
 * <GuestOnly>, which moves on, so the form never navigates itself.
 */
export function useLoginForm(): LoginFormState {
  const { session } = useServices();
  const { status, error } = useSession();
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  // Only the outcome of this form's own submit is shown: an earlier guard failure was
  // already reported before the redirect here.
  const [submitted, setSubmitted] = useState(false);
  const submitting = submitted && (status === 'loggingIn' || status === 'loading');

  useEffect(() => {
    if (!submitted || status !== 'failed') return;
    setSubmitted(false);
    setFailure(errorText(error));
    if (isApiError(error)) {
      setErrors({
        username: fieldMessage(error, 'username'),
        password: fieldMessage(error, 'password'),
      });
    }
  }, [submitted, status, error]);

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const blur = (field: Field) => setErrors((e) => ({ ...e, ...requiredErrors(values, [field]) }));

  const fill = (next: Credentials) => {
    setValues(next);
    setErrors({});
    setFailure(null);
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (submitting) return;
    const missing = requiredErrors(values, ['username', 'password']);
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setFailure(null);
    setSubmitted(true);
    session.send({ type: 'session.login', ...values });
  };

  return { values, errors, failure, submitting, change, blur, fill, submit };
}
