import { fieldPathWords } from '../domain/field-path-words.ts';
import { fieldErrors, fieldMessage } from './api-error.ts';

// Text of a validation_error for notifications (docs/product.md §8: 'Validation Error' with the
// messages joined by line breaks; error notifications list field: message pairs).

/** `['Username: This field is required', 'Line 1 quantity: …']` for each field of a
 * validation error: the field in words, never the request's path (`lines.0.qty`). */
export function validationLines(error: unknown): string[] {
  const map = fieldErrors(error);
  return Object.keys(map).map((field) => {
    const words = fieldPathWords(field);
    return words ? `${words}: ${fieldMessage(map, field)}` : fieldMessage(map, field);
  });
}
