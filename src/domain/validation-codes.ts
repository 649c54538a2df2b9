// Server validation codes and the messages the browser shows for them (docs/product.md §5). A code
// not in this table is a message of its own and is shown as given (the spec's `other`).
export const VALIDATION_MESSAGES = {
  exists: 'This option must exist in database',
  digits: 'This field must have the right size',
  digitsbetween: 'This field must have the right size',
  numeric: 'This field must have only numbers',
  integer: 'This field must have only integers',
  required: 'This field is required',
  requiredif: 'This field is required',
  email: 'This field must be a valid email',
  unique: 'This field must be unique',
  max: 'Too long information for this field',
  in: 'Invalid option for this field',
  size: 'Invalid size for this field',
  'more100%': 'The sum is greater than 100%',
} as const;

export type ValidationCode = keyof typeof VALIDATION_MESSAGES;

export const VALIDATION_SUMMARY = 'Errors found in the submitted data, please check.';

/** Text for a code from the server's `data` map; unknown codes are messages themselves. */
export function validationMessage(code: string): string {
  return Object.hasOwn(VALIDATION_MESSAGES, code)
    ? VALIDATION_MESSAGES[code as ValidationCode]
    : code;
}
