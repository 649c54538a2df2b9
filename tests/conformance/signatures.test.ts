import Pusher from 'pusher';
import { describe, expect, it } from 'vitest';
import type { AppCredentials } from '../../server/realtime/credentials.ts';
import {
  apiStringToSign,
  authenticateUser,
  authorizeChannel,
  hmacHex,
  md5Hex,
  signApiRequest,
  verifyApiRequest,
  verifyChannelAuth,
} from '../../server/realtime/signatures.ts';

// The public test vectors of the Pusher docs, and agreement with the official `pusher` SDK,
// which is what Laravel, Soketi and Reverb interoperate with.

const masterKeyBase64 = Buffer.alloc(32, 7).toString('base64');
const app: AppCredentials = {
  id: '3',
  key: '278d425bdf160c739803',
  secret: '7ad3773142a6692b25b8',
  encryptionMasterKey: Buffer.from(masterKeyBase64, 'base64'),
};
const sdk = new Pusher({ appId: app.id, key: app.key, secret: app.secret, host: 'localhost', encryptionMasterKeyBase64: masterKeyBase64 });
const vectorBody = '{"name":"foo","channels":["project-3"],"data":"{\\"some\\":\\"data\\"}"}';

describe('HTTP API signature', () => {
  it('reproduces the public test vector', () => {
    const params = { auth_key: app.key, auth_timestamp: '1353088179', auth_version: '1.0', body_md5: md5Hex(vectorBody) };
    expect(params.body_md5).toBe('ec365a775a4cd0599faeb73354201b6f');
    expect(hmacHex(app.secret, apiStringToSign('POST', '/apps/3/events', params))).toBe(
      'da454824c97ba181a32ccc17a72625ba02771f50b50e1e7430e47a1f3f457e6c',
    );
  });

  it('accepts the vector request at its own time and refuses it 601 s later', () => {
    const query = signApiRequest(app, { method: 'POST', path: '/apps/3/events', body: vectorBody }, 1353088179);
    expect(query.auth_signature).toBe('da454824c97ba181a32ccc17a72625ba02771f50b50e1e7430e47a1f3f457e6c');
    const request = { method: 'POST', path: '/apps/3/events', query, rawBody: vectorBody };
    expect(verifyApiRequest(app, request, 1353088179 + 600)).toEqual({ ok: true });
    expect(verifyApiRequest(app, request, 1353088179 + 601).ok).toBe(false);
    expect(verifyApiRequest(app, request, 1353088179 - 601).ok).toBe(false);
  });

  it('refuses a body that does not match body_md5, and a forged signature', () => {
    const query = signApiRequest(app, { method: 'POST', path: '/apps/3/events', body: vectorBody }, 1353088179);
    const tampered = vectorBody.replace('foo', 'bar');
    expect(verifyApiRequest(app, { method: 'POST', path: '/apps/3/events', query, rawBody: tampered }, 1353088179).ok).toBe(false);
    const forged = { ...query, auth_signature: '0'.repeat(64) };
    expect(verifyApiRequest(app, { method: 'POST', path: '/apps/3/events', query: forged, rawBody: vectorBody }, 1353088179).ok).toBe(false);
  });

  it('signs the same query string as the pusher SDK', () => {
    const fromSdk = new URLSearchParams(
      sdk.createSignedQueryString({ method: 'GET', path: '/apps/3/channels', params: { info: 'user_count', filter_by_prefix: 'presence-' } }),
    );
    const ours = signApiRequest(
      app,
      { method: 'GET', path: '/apps/3/channels', params: { info: 'user_count', filter_by_prefix: 'presence-' } },
      Number(fromSdk.get('auth_timestamp')),
    );
    expect(ours.auth_signature).toBe(fromSdk.get('auth_signature'));
  });
});

describe('channel authorisation', () => {
  it('signs private channels as the documented example does', () => {
    expect(authorizeChannel(app, '1234.1234', 'private-foobar')).toEqual(sdk.authorizeChannel('1234.1234', 'private-foobar'));
    expect(authorizeChannel(app, '1234.1234', 'private-foobar').auth).toBe(
      '278d425bdf160c739803:58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4',
    );
  });

  it('signs presence channels over the exact channel_data string', () => {
    const member = { user_id: 10, user_info: { name: 'Mr. Channels' } };
    const ours = authorizeChannel(app, '1234.1234', 'presence-foobar', member);
    // The SDK's types say string ids; its code (like ours) signs whatever JSON the member is.
    expect(ours).toEqual(sdk.authorizeChannel('1234.1234', 'presence-foobar', member as unknown as Pusher.PresenceChannelData));
    expect(ours.channel_data).toBe('{"user_id":10,"user_info":{"name":"Mr. Channels"}}');
    expect(verifyChannelAuth(app, '1234.1234', 'presence-foobar', ours.auth, ours.channel_data)).toBe(true);
    expect(verifyChannelAuth(app, '1234.1234', 'presence-foobar', ours.auth, '{"user_id":11}')).toBe(false);
  });

  it('gives encrypted channels the shared_secret the SDK derives', () => {
    const ours = authorizeChannel(app, '1234.1234', 'private-encrypted-foo');
    expect(ours.shared_secret).toBeDefined();
    expect(ours).toEqual(sdk.authorizeChannel('1234.1234', 'private-encrypted-foo'));
  });

  it('refuses a signature made for another socket', () => {
    const { auth } = authorizeChannel(app, '1234.1234', 'private-foobar');
    expect(verifyChannelAuth(app, '1234.1235', 'private-foobar', auth)).toBe(false);
  });

  it('refuses malformed socket ids and channel names', () => {
    expect(() => authorizeChannel(app, 'abc', 'private-foobar')).toThrow(/socket id/);
    expect(() => authorizeChannel(app, '1.2', 'private-foo bar')).toThrow(/channel name/);
    expect(() => authorizeChannel(app, '1.2', 'presence-x')).toThrow(/member/);
  });

  it('signs user sign-in like the SDK', () => {
    const user = { id: '42', name: 'Ada' };
    expect(authenticateUser(app, '1234.1234', user)).toEqual(sdk.authenticateUser('1234.1234', user));
  });
});
