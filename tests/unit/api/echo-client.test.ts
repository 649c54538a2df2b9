import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../../src/api/auth.types.ts';
import { echoOptions } from '../../../src/api/echo-client.ts';

const settings: AppConfig['echo'] = {
  broadcaster: 'pusher',
  key: 'plantline-key',
  cluster: 'mt1',
  wsHost: null,
  wsPort: null,
  wssPort: null,
  forceTLS: 0,
  enabledTransports: ['ws', 'wss'],
  authEndpoint: '/api/broadcasting/auth',
};

describe('echoOptions', () => {
  it("uses the page's host and port when wsHost is null", () => {
    const options = echoOptions(settings, 'Bearer t', {
      hostname: '127.0.0.1',
      port: '4321',
      protocol: 'http:',
    });
    expect(options).toMatchObject({
      key: 'plantline-key',
      wsHost: '127.0.0.1',
      wsPort: 4321,
      wssPort: 4321,
      forceTLS: false,
      enabledTransports: ['ws', 'wss'],
      authEndpoint: '/api/broadcasting/auth',
      auth: { headers: { Authorization: 'Bearer t' } },
    });
  });

  it('follows the page to TLS and its default port', () => {
    const options = echoOptions(settings, 'Bearer t', {
      hostname: 'plant.example',
      port: '',
      protocol: 'https:',
    });
    expect(options).toMatchObject({ wsHost: 'plant.example', wssPort: 443, forceTLS: true });
  });

  it("passes the server's activity timeout to pusher-js in milliseconds", () => {
    const page = { hostname: 'x', port: '', protocol: 'http:' };
    expect(echoOptions({ ...settings, activity_timeout: 30 }, 't', page)).toMatchObject({
      activityTimeout: 30_000,
    });
    expect(echoOptions(settings, 't', page)).not.toHaveProperty('activityTimeout');
  });

  it('uses an external host as configured', () => {
    const external = {
      ...settings,
      wsHost: 'ws.example',
      wsPort: 6001,
      wssPort: 6002,
      forceTLS: 1 as const,
    };
    const options = echoOptions(external, 'Bearer t', {
      hostname: 'x',
      port: '80',
      protocol: 'http:',
    });
    expect(options).toMatchObject({
      wsHost: 'ws.example',
      wsPort: 6001,
      wssPort: 6002,
      forceTLS: true,
    });
  });
});
