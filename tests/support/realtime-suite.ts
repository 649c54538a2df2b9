import Pusher from 'pusher';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { disconnectAll } from '../conformance/conformance-clients.ts';
import {
  startRealtimeNode,
  TEST_APP,
  type HarnessOptions,
  type RealtimeNode,
} from './realtime-harness.ts';

// What a realtime conformance file talks to: one realtime node started before its tests and
// closed after them, the server SDK (pusher) publishing on it as the app server does, and the
// pusher-js clients a test opened closed after each test.

/** The server SDK, signed with the test app's credentials, aimed at `node`. */
export function serverSdk(node: RealtimeNode, options: Partial<Pusher.Options> = {}): Pusher {
  return new Pusher({
    appId: TEST_APP.id,
    key: TEST_APP.key,
    secret: TEST_APP.secret,
    host: node.host,
    port: String(node.port),
    useTLS: false,
    ...options,
  });
}

export interface RealtimeSuite {
  /** The node, once the suite's beforeAll has run. */
  readonly node: RealtimeNode;
  /** The server SDK aimed at the node. */
  readonly sdk: Pusher;
}

/** Registers the hooks; read `node` and `sdk` inside tests. */
export function realtimeSuite(options: HarnessOptions = {}): RealtimeSuite {
  let started: { node: RealtimeNode; sdk: Pusher } | undefined;
  const get = () => {
    if (!started) throw new Error('the realtime node has not started');
    return started;
  };
  beforeAll(async () => {
    const node = await startRealtimeNode(options);
    started = { node, sdk: serverSdk(node) };
  });
  afterEach(() => disconnectAll());
  afterAll(async () => {
    await started?.node.close();
  });
  return {
    get node() {
      return get().node;
    },
    get sdk() {
      return get().sdk;
    },
  };
}
