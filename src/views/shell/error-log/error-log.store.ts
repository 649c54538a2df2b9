import { BehaviorSubject, type Observable } from 'rxjs';
import { isBenignBrowserError } from './benign-browser-errors.ts';

// Uncaught UI errors, kept for the person who meets them and whoever they call for help
// (docs/product.md §8: message, info, URL and stack, in production, development and local alike).

export type ErrorLogEntry = {
  id: number;
  message: string;
  /** Where it came from: a React component stack, 'window.onerror', 'unhandled rejection'. */
  info: string;
  url: string;
  stack: string;
  at: string;
};

const MAX_ENTRIES = 200;

export type ErrorLog = {
  entries$: Observable<readonly ErrorLogEntry[]>;
  add(error: unknown, info: string, url?: string): void;
  clear(): void;
};

export function createErrorLog(now: () => Date = () => new Date()): ErrorLog {
  const entries = new BehaviorSubject<readonly ErrorLogEntry[]>([]);
  let nextId = 1;
  return {
    entries$: entries.asObservable(),
    add(error, info, url = globalThis.location?.href ?? '') {
      const asError = error instanceof Error ? error : new Error(String(error));
      const entry: ErrorLogEntry = {
        id: nextId++,
        message: asError.message || asError.name,
        info,
        url,
        stack: asError.stack ?? '',
        at: now().toISOString(),
      };
      // A wall display may run for days: keep the newest entries, never grow without bound.
      entries.next([entry, ...entries.value].slice(0, MAX_ENTRIES));
    },
    clear: () => entries.next([]),
  };
}

const messageOf = (event: ErrorEvent): string =>
  event.error instanceof Error ? event.error.message : String(event.message ?? '');

/** Sends errors nobody caught into the log (less the browser's benign warnings); returns the function that stops listening. */
export function captureUncaught(log: ErrorLog, target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    // A ResizeObserver loop warning is the browser deferring a frame, not a failure.
    if (isBenignBrowserError(messageOf(event))) return;
    log.add(event.error ?? event.message, 'window.onerror');
  };
  const onRejection = (event: PromiseRejectionEvent) =>
    log.add(event.reason, 'unhandled rejection');
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
