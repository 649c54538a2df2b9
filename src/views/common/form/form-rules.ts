import type { ReactNode } from 'react';

// The form rule builder of docs/product.md §5 for @mantine/form. A rule is a plain validator
// `(value) => message | null`, so rules compose and work in `useForm({ validate })` as they are.
//
// Required is checked on blur (docs/product.md §5): give the form `validateInputOnBlur` and the
// rules in one go with `blurValidated`:
//
//   const form = useForm({
//     initialValues: { name: '', email: '', qty: '' },
//     ...blurValidated({
//       name: formRule('Name', 'required'),
//       email: formRule('Email', 'required', 'valid_email'),
//       qty: formRule('Quantity', 'required', 'greater'),
//     }),
//   });

/** Same shape as a @mantine/form field validator, so rules drop into `validate`. */
export type Rule = (value: unknown) => ReactNode | null;

/** The rule names of docs/product.md §5. */
export const RULE_NAMES = ['required', 'valid_email', 'greater'] as const;
export type RuleName = (typeof RULE_NAMES)[number];

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** '{label} is required' when the value is null, blank text or an empty list. 0 and false are values. */
export const required =
  (label: string): Rule =>
  (value) =>
    isEmpty(value) ? `${label} is required` : null;

// Deliberately loose (something@something.tld): the server's `email` rule is the authority.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** 'The field must be a valid email'. An empty value passes: pair with `required` when mandatory. */
export const validEmail = (): Rule => (value) =>
  isEmpty(value) || (typeof value === 'string' && EMAIL.test(value.trim()))
    ? null
    : 'The field must be a valid email';

/** '{label} must be greater than 0': a number of at least 1. Empty passes, as for validEmail. */
export const greater =
  (label: string): Rule =>
  (value) => {
    if (isEmpty(value)) return null;
    const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
    return Number.isFinite(n) && n >= 1 ? null : `${label} must be greater than 0`;
  };

/** Runs `rules` in order and returns the first message, so a field shows one problem at a time. */
export function composeRules(...rules: Rule[]): Rule {
  return (value) => {
    for (const rule of rules) {
      const message = rule(value);
      if (message !== null && message !== undefined && message !== false) return message;
    }
    return null;
  };
}

const BY_NAME: Record<RuleName, (label: string) => Rule> = {
  required,
  valid_email: () => validEmail(),
  greater,
};

/** The spec's builder: `formRule('Email', 'required', 'valid_email')`, first failing rule wins. */
export function formRule(label: string, ...names: RuleName[]): Rule {
  return composeRules(...names.map((name) => BY_NAME[name](label)));
}

/** `validate` plus `validateInputOnBlur: true`, to spread into `useForm` options. */
export function blurValidated<V extends Record<string, Rule>>(
  validate: V,
): { validate: V; validateInputOnBlur: true } {
  return { validate, validateInputOnBlur: true };
}
