import type WebSocket from 'ws';

/** A `ws` message as text, whichever of its buffer shapes it arrived in. */
export function rawText(raw: WebSocket.RawData): string {
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  return Buffer.from(raw as ArrayBuffer).toString('utf8');
}
