import { validationMessage } from '../domain/validation-codes.ts';
import { fieldErrors, isApiError, NETWORK_ERROR } from './api-error.ts';

// How a failed call is shown (spec §8), decided in one place; the views only render it.
// `none` means the error goes back to the caller unshown (other error bodies, spec §8).

export type ErrorPresentation =
  | { kind: 'confirm'; title: string; message: string; onYes: 'reload' }
  | { kind: 'alert'; title: 'Error'; message: string }
  | { kind: 'notification'; tone: 'error'; title: string; message: string }
  | { kind: 'none' };

export type PresentationContext = {
  /** The route the person is on: an expired session on `/` is the route guard's business. */
  path: string;
};

const RELOAD = 'Reload the page?';

export function presentError(error: unknown, context: PresentationContext): ErrorPresentation {
  if (!isApiError(error)) return { kind: 'none' };
  switch (error.code) {
    case 'not_authorized':
      return context.path === '/'
        ? { kind: 'none' }
        : { kind: 'confirm', title: 'Expired session', message: 'Go to login?', onYes: 'reload' };
    case NETWORK_ERROR:
      return { kind: 'confirm', title: 'Server error', message: RELOAD, onYes: 'reload' };
    case 'db_error':
      return { kind: 'confirm', title: 'Database error', message: RELOAD, onYes: 'reload' };
    case 'database_delete_1451':
    case 'database_delete_7':
      return {
        kind: 'alert',
        title: 'Error',
        message: 'There are other records related to this item',
      };
    case 'no_privileges':
      return {
        kind: 'alert',
        title: 'Error',
        message: 'You are not allowed to delete this record',
      };
    case 'validation_error':
      return {
        kind: 'notification',
        tone: 'error',
        title: 'Validation Error',
        message: validationLines(error),
      };
    default:
      return { kind: 'none' };
  }
}

/** One line per field, `field: message`, messages from the spec §5 table. */
export function validationLines(error: unknown): string {
  return Object.entries(fieldErrors(error))
    .map(([field, code]) => `${field}: ${validationMessage(code)}`)
    .join('\n');
}
