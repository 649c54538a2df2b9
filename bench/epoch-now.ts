/** Epoch milliseconds with sub-millisecond resolution, comparable between processes and pages. */
export const epochNow = (): number => performance.timeOrigin + performance.now();
