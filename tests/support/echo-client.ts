import Echo from 'laravel-echo';
import Pusher from 'pusher-js';

// A real laravel-echo + pusher-js client configured as the browser configures it from
// /api/config, pointed at a Plantline server, authenticating with a bearer token.

export type TestEcho = Echo<'pusher'>;

const opened: TestEcho[] = [];

export async function connectEcho(baseUrl: string, token: string): Promise<TestEcho> {
  const config = (await (await fetch(`${baseUrl}/api/config`)).json()) as { data: { echo: { key: string } } };
  const url = new URL(baseUrl);
  const echo = new Echo({
    broadcaster: 'pusher',
    key: config.data.echo.key,
    cluster: 'mt1',
    Pusher,
    wsHost: url.hostname,
    wsPort: Number(url.port),
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    authEndpoint: `${baseUrl}/api/broadcasting/auth`,
    auth: { headers: { Authorization: `Bearer ${token}` } },
  });
  opened.push(echo);
  const pusher = echo.connector.pusher;
  await waitFor(new Promise<void>((resolve) => pusher.connection.bind('connected', () => resolve())), 'echo to connect');
  return echo;
}

export function disconnectEchoes(): void {
  for (const echo of opened.splice(0)) echo.disconnect();
}

export function waitFor<T>(promise: Promise<T>, what: string, ms = 5_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Resolves when the private or presence channel subscription succeeded, rejects on its error. */
export function subscribed(channel: { subscribed(cb: () => void): unknown; error(cb: (e: unknown) => void): unknown }) {
  return waitFor(
    new Promise<void>((resolve, reject) => {
      channel.subscribed(() => resolve());
      channel.error((error) => reject(new Error(`subscription refused: ${JSON.stringify(error)}`)));
    }),
    'subscription',
  );
}
