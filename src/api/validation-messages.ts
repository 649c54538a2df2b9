import { fieldErrors, fieldMessage } from './api-error.ts';

// Text of a validation_error for notifications (spec §8: 'Validation Error' with the messages
// joined by line breaks; error notifications list field: message pairs).

/** `['username: This field is required', …]` for each field of a validation error. */
export function validationLines(error: unknown): string[] {
  const map = fieldErrors(error);
  return Object.keys(map).map((field) => `${field}: ${fieldMessage(map, field)}`);
}
