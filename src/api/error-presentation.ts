import { isApiError, NETWORK_ERROR } from './api-error.ts';
import { validationLines } from './validation-messages.ts';

// How a failed call is shown (docs/product.md §8), decided in one place; the views only render it.
// `none` means the error goes back to the caller unshown (other error bodies, docs/product.md §8).

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

function notAllowed(method: string | undefined): string {
  if (method === 'GET') return 'You are not allowed to see this';
  if (method && method !== 'DELETE') return 'You are not allowed to do this';
  return 'You are not allowed to delete this record';
}

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
      // The catalogue's sentence is about a delete; a refused read or write says what it was.
      return { kind: 'alert', title: 'Error', message: notAllowed(error.method) };
    case 'validation_error':
      return {
        kind: 'notification',
        tone: 'error',
        title: 'Validation Error',
        message: validationLines(error).join('\n'),
      };
    default:
      return { kind: 'none' };
  }
}
