import { firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  captureUncaught,
  createErrorLog,
  type ErrorLog,
} from '../../../../../src/views/shell/error-log/error-log.store.ts';

// What reaches the error log from window 'error': real failures do, the browser's benign
// ResizeObserver loop warning does not (it filled the log of a grid page).

let stop: () => void = () => undefined;
afterEach(() => stop());

const messages = async (log: ErrorLog) =>
  (await firstValueFrom(log.entries$)).map((entry) => entry.message);

function uncaught(message: string, error?: Error) {
  window.dispatchEvent(new ErrorEvent('error', { message, ...(error ? { error } : {}) }));
}

describe('captureUncaught', () => {
  it('drops the ResizeObserver loop warnings, in the words of each browser', async () => {
    const log = createErrorLog();
    stop = captureUncaught(log, window);
    uncaught('ResizeObserver loop completed with undelivered notifications.');
    uncaught('ResizeObserver loop limit exceeded');
    uncaught('Uncaught ResizeObserver loop completed with undelivered notifications.');
    expect(await messages(log)).toEqual([]);
  });

  it('still logs real errors, including one that merely mentions ResizeObserver', async () => {
    const log = createErrorLog();
    stop = captureUncaught(log, window);
    uncaught('Script error.', new TypeError("Cannot read properties of undefined (reading 'id')"));
    uncaught('ResizeObserver is not defined');
    expect(await messages(log)).toEqual([
      'ResizeObserver is not defined',
      "Cannot read properties of undefined (reading 'id')",
    ]);
  });
});
