// Browser warnings that arrive as uncaught errors but mean nothing went wrong, so the error
// log (what a person shows whoever they call for help) stays about real failures.
//
// ResizeObserver: when a resize callback changes layout (ag-grid and Mantine's ScrollArea
// do, re-measuring their columns), the browser defers the remaining notifications to the
// next frame and reports it on window 'error' with no Error object. Nothing is lost; the
// spec (w3c resize-observer, "deliver resize loop error notification") calls it a warning.
// Chrome and Firefox say "loop completed with undelivered notifications"; older Chrome said
// "loop limit exceeded".

const BENIGN: readonly RegExp[] = [
  /^ResizeObserver loop completed with undelivered notifications\.?$/,
  /^ResizeObserver loop limit exceeded$/,
];

/** Whether an uncaught error's message is one of the browser's benign warnings. */
export function isBenignBrowserError(message: string): boolean {
  const text = message.replace(/^Uncaught\s+(Error:\s*)?/, '').trim();
  return BENIGN.some((pattern) => pattern.test(text));
}
