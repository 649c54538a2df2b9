import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { dirname, join } from 'node:path';
import { apiFailures$ } from '../../../../../src/api/api-failures.ts';
import { createRequest, type Request } from '../../../../../src/api/request.ts';
import { call, tokenFor, type CallOptions } from '../../../../support/api-client.ts';
import { templateDirEnv } from '../../../../support/database-template.ts';

// A real Plantline server for the form tests, in a Node process of its own: happy-dom's URL
// and fetch replace Node's in the test's process, and the server cannot start under them.
// The page is moved to the server's origin so the browser-side fetch is same-origin, as it is
// in production (one port serves the SPA and the API).

export type FormServer = {
  url: string;
  /** The shared request's twin: the token of `username`, failures to the shell's presenter. */
  requestAs(username: string): Promise<Request>;
  /** A request whose token can be changed between calls. */
  requestWithToken(token: () => string): Request;
  /** A direct API call, e.g. another user's save behind the form's back. */
  callAs<T>(username: string, method: string, path: string, options?: CallOptions): Promise<T>;
  close(): Promise<void>;
};

// happy-dom's URL is not Node's, so the path is taken from the module URL by hand.
const ENTRY = join(
  dirname(decodeURIComponent(new URL(import.meta.url).pathname)),
  'serve-test-server.ts',
);

/**
 * How long a suite waits for its form server. The server is a second Node process that compiles
 * the server's TypeScript and opens PGlite from the run's template; beside the other unit
 * worker's server, on two busy cores, that took more than 90 s.
 */
export const FORM_SERVER_START_MS = 180_000;

export async function startFormServer(): Promise<FormServer> {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ['--import', 'tsx', ENTRY],
    {
      stdio: ['pipe', 'pipe', 'pipe'],
      // The run's seeded template: seeding the demo afresh took most of each file's time.
      env: { ...process.env, ...templateDirEnv() },
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve(line.trim());
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`test server exited (${code}): ${err}`)));
  });
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);

  const tokens = new Map<string, string>();
  const token = async (username: string) => {
    const known = tokens.get(username);
    if (known) return known;
    const fresh = await tokenFor(url, username);
    tokens.set(username, fresh);
    return fresh;
  };
  const requestWithToken = (get: () => string): Request =>
    createRequest({
      fetch: (input, init) => fetch(input, init),
      getToken: () => `Bearer ${get()}`,
      baseUrl: `${url}/api`,
      timeoutMs: 20_000,
      onFailure: (error) => apiFailures$.next(error),
    });
  return {
    url,
    requestAs: async (username) => {
      const value = await token(username);
      return requestWithToken(() => value);
    },
    requestWithToken,
    callAs: async <T>(
      username: string,
      method: string,
      path: string,
      options: CallOptions = {},
    ) => {
      const reply = await call<T>(url, method, path, { ...options, token: await token(username) });
      if (!reply.status) throw new Error(`${method} ${path}: ${reply.httpStatus} ${reply.message}`);
      return reply.data;
    },
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      await exited;
    },
  };
}
