import proxyAddr from '@fastify/proxy-addr';
import type { Config } from '../config.ts';

/**
 * TRUST_PROXY as one predicate for Fastify and the websocket upgrade alike: which hop of
 * X-Forwarded-For may be believed. Off, nothing is; a number trusts that many hops; a list
 * trusts those addresses.
 */
export function trustedProxy(
  setting: Config['TRUST_PROXY'],
): (address: string, hop: number) => boolean {
  if (setting === false) return () => false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting);
}
