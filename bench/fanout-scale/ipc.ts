import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// Parent ↔ child requests over Node's IPC channel: each request carries an id and the child
// answers with the same id, so several can be in flight. Children run TypeScript through tsx,
// as `npm run bench` does.

type Envelope = { id: number; body: unknown; error?: string };

/** How long a request waits for its answer unless it says otherwise. */
export const REQUEST_TIMEOUT_MS = 120_000;

export interface Child {
  process: ChildProcess;
  request<T>(body: unknown, timeoutMs?: number): Promise<T>;
  /** Resolves when the process has exited. */
  exited: Promise<number | null>;
}

/** With BENCH_CPU_PROF_DIR set, each child writes a CPU profile there when it exits. */
function profileArgs(): string[] {
  const dir = process.env.BENCH_CPU_PROF_DIR;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}

export function forkChild(file: URL, env: Record<string, string>): Child {
  const child = fork(fileURLToPath(file), [], {
    // --expose-gc: a server collects before it reports its memory, so the figure is what the
    // sockets hold, not garbage not yet collected.
    execArgv: ['--import', 'tsx', '--expose-gc', ...profileArgs()],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let next = 1;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  child.on('message', (message: Envelope) => {
    const pending = waiting.get(message.id);
    if (!pending) return;
    waiting.delete(message.id);
    if (message.error) pending.reject(new Error(message.error));
    else pending.resolve(message.body);
  });
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      for (const pending of waiting.values())
        pending.reject(new Error(`child ${file.pathname} exited (${code}) before answering`));
      waiting.clear();
      resolve(code);
    });
  });
  return {
    process: child,
    exited,
    request<T>(body: unknown, timeoutMs = REQUEST_TIMEOUT_MS) {
      const id = next++;
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(
            new Error(`no answer within ${timeoutMs} ms to ${JSON.stringify(body).slice(0, 80)}`),
          );
        }, timeoutMs);
        waiting.set(id, {
          resolve: (v) => {
            clearTimeout(timer);
            resolve(v as T);
          },
          reject: (e) => {
            clearTimeout(timer);
            reject(e);
          },
        });
        child.send({ id, body });
      });
    },
  };
}

/** The child's side: answers each request with what `handle` returns (or its error). */
export function serveParent(handle: (body: never) => Promise<unknown>): void {
  process.on('message', (message: Envelope) => {
    handle(message.body as never).then(
      (body) => process.send?.({ id: message.id, body }),
      (error: unknown) =>
        process.send?.({
          id: message.id,
          body: null,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        }),
    );
  });
  // The parent went away: nothing left to serve.
  process.on('disconnect', () => process.exit(0));
}
