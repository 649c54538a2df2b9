import { z } from 'zod';
import { WEBHOOK_EVENT_NAMES, type WebhookEventName } from './realtime/webhook-events.ts';

// Every environment variable Plantline reads, parsed once at start. A bad value stops the
// server with one message listing every problem, so an operator fixes them all in one go.

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const port = z.coerce.number().int().min(1).max(65535);
const count = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine((u) => protocols.includes(new URL(u).protocol), {
      message: `must start with ${protocols.join(' or ')}`,
    })
    .optional();

// Which proxies may tell the client's address in X-Forwarded-For: none by default, since a
// header anyone can send would let a caller rotate past (or frame another for) the login
// throttle. A whole number trusts that many hops; anything else is a list of addresses/CIDRs.
const trustProxy = z
  .string()
  .transform((v, ctx): false | number | string[] => {
    if (v === '0' || v === 'false') return false;
    if (/^\d+$/.test(v)) return Number(v);
    const list = v.split(',').map((a) => a.trim()).filter(Boolean);
    const bad = list.filter((a) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(a) && !['loopback', 'linklocal', 'uniquelocal'].includes(a));
    if (list.length === 0 || bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: 'must be 0, a hop count, or a comma list of addresses/CIDRs' });
    }
    return list;
  });

const originList = z
  .string()
  .transform((v) => v.split(',').map((o) => o.trim().replace(/\/$/, '')).filter(Boolean))
  .refine((list) => list.every((o) => /^https?:\/\/[^/\s]+$/.test(o)), 'must be a comma list of origins like https://ops.example.com');

const webhookEventList = z
  .string()
  .transform((v) => v.split(',').map((e) => e.trim()).filter(Boolean))
  .refine((list) => list.length > 0 && list.every((e) => (WEBHOOK_EVENT_NAMES as readonly string[]).includes(e)), `must be a comma list of ${WEBHOOK_EVENT_NAMES.join(', ')}`)
  .transform((list) => list as WebhookEventName[]);

const schema = z
  .object({
    // 0 picks any free port (tests, benchmarks).
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    // Loopback unless asked: a fresh `npm start` serves demo data with a published password.
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    // Uploaded files (CoAs, invoices); unset: <DATA_DIR>/attachments (attachment-store.ts).
    ATTACHMENTS_DIR: z.string().min(1).optional(),
    ATTACHMENTS_MAX_BYTES: z.coerce.number().int().min(1024).max(100 * 1024 * 1024).default(10 * 1024 * 1024),
    // Or an S3-compatible bucket, addressed path-style (attachments/s3-attachment-store.ts).
    ATTACHMENTS_S3_ENDPOINT: optionalUrl(['http:', 'https:']),
    ATTACHMENTS_S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3–63 of a-z, 0-9, dot, dash)')
      .optional(),
    ATTACHMENTS_S3_REGION: z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a region name like ca-central-1').default('us-east-1'),
    ATTACHMENTS_S3_ACCESS_KEY_ID: z.string().min(1).max(128).optional(),
    ATTACHMENTS_S3_SECRET_ACCESS_KEY: z.string().min(1).max(256).optional(),
    // Where purchase orders are emailed from (server/mail); unset: Send offers the PDF instead.
    SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
    // The From of those emails; unset: the SMTP login when it is an address (mail-transport.ts).
    SMTP_FROM: z.string().trim().min(3).max(200).optional(),
    DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
    REDIS_URL: optionalUrl(['redis:', 'rediss:']),
    PUSHER_APP_ID: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).default('plantline'),
    PUSHER_APP_KEY: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).default('plantline-key'),
    PUSHER_APP_SECRET: z.string().min(16).optional(),
    PUSHER_HOST: z.string().min(1).optional(),
    PUSHER_PORT: port.optional(),
    PUSHER_SCHEME: z.enum(['http', 'https']).default('https'),
    PUSHER_CLUSTER: z.string().min(1).optional(),
    PUSHER_ENCRYPTION_MASTER_KEY_BASE64: z
      .string()
      .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64')
      .optional(),
    PUSHER_ACTIVITY_TIMEOUT: z.coerce.number().int().min(1).max(600).default(30),
    // Client events (Echo's whisper) relayed on private and presence channels; the app sends none.
    PUSHER_CLIENT_EVENTS: flag.default(false),
    // Limits of the embedded realtime server; the defaults are Pusher's (docs/realtime.md).
    PUSHER_MAX_EVENT_NAME_LENGTH: count(1, 10_000).default(200),
    PUSHER_MAX_EVENT_PAYLOAD_BYTES: count(1, 10 * 1024 * 1024).default(10 * 1024),
    PUSHER_MAX_CHANNELS_PER_EVENT: count(1, 10_000).default(100),
    PUSHER_MAX_CHANNEL_NAME_LENGTH: count(1, 10_000).default(164),
    PUSHER_MAX_PRESENCE_MEMBERS: count(1, 1_000_000).default(100),
    PUSHER_MAX_PRESENCE_USER_INFO_BYTES: count(1, 1024 * 1024).default(1024),
    // Unset: no limit but the operating system's.
    PUSHER_MAX_CONNECTIONS: count(1, 10_000_000).optional(),
    PUSHER_API_BODY_LIMIT_BYTES: count(1, 64 * 1024 * 1024).default(256 * 1024),
    // Seconds a websocket has to sign in or join a private or presence channel (Pusher's
    // "authorized connections"); unset: anonymous connections may stay.
    PUSHER_USER_AUTHENTICATION_TIMEOUT: count(1, 3600).optional(),
    // Where the embedded server posts Pusher's webhooks (docs/realtime.md); unset: none sent.
    PUSHER_WEBHOOK_URL: optionalUrl(['http:', 'https:']),
    // Which of them: a comma list of channel_occupied, channel_vacated, member_added,
    // member_removed, client_event, cache_miss; unset: all.
    PUSHER_WEBHOOK_EVENTS: webhookEventList.optional(),
    // Browser pages that may open the websocket, besides the server's own origin.
    WS_ALLOWED_ORIGINS: originList.default([]),
    // Websockets one address may hold open at once (a plant floor often shares one address).
    WS_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(300),
    TRUST_PROXY: trustProxy.default(false),
    PLANTLINE_DEMO: flag.default(true),
    // The plant simulator (server/simulate): off unless asked; `npm start` asks when demo is on.
    PLANTLINE_SIMULATE: flag.default(false),
    // The nightly jobs (Training's overdue and retraining pass): on, except in test servers.
    PLANTLINE_NIGHTLY: flag.default(true),
    PLANTLINE_SIMULATE_PACE_MS: z.coerce.number().int().min(100).max(3_600_000).default(3000),
    // Seconds between the server's vacuum passes on PGlite, which has no autovacuum; 0 = none.
    PGLITE_AUTOVACUUM_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
    TOKEN_TTL_HOURS: z.coerce.number().positive().max(24 * 90).default(12),
    COMPANY_TIMEZONE: z.string().min(1).default('America/Toronto'),
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Who may scrape /metrics besides loopback: a Prometheus sending `Authorization: Bearer …`.
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').max(256).optional(),
  });

// Checks across variables run on the raw values, so they are reported together with every
// other problem instead of only after the rest is fixed.
function crossChecks(env: Record<string, string>): string[] {
  const problems: string[] = [];
  if (env.PUSHER_HOST && !env.PUSHER_APP_SECRET) {
    problems.push('PUSHER_APP_SECRET: is required when PUSHER_HOST points at an external Pusher server');
  }
  problems.push(...s3Problems(env));
  if (env.COMPANY_TIMEZONE && !isValidTimeZone(env.COMPANY_TIMEZONE)) {
    problems.push('COMPANY_TIMEZONE: is not an IANA time zone');
  }
  // Demo users share one published password, so demo data reaches the network only when the
  // operator chose it in so many words; the default (PLANTLINE_DEMO unset) counts as demo.
  const demoByDefault = env.PLANTLINE_DEMO === undefined;
  if (demoByDefault && env.HOST && !isLoopbackHost(env.HOST)) {
    problems.push(
      `HOST: ${env.HOST} is not a loopback address and demo data (every demo user's password is ` +
        'published) is on by default; set PLANTLINE_DEMO=0 for real data, or PLANTLINE_DEMO=1 ' +
        'to serve the demo on this address on purpose',
    );
  }
  return problems;
}

// The bucket turns the S3 store on; its keys come with it, and the other S3 variables mean
// nothing without it (a forgotten bucket would otherwise put files on local disk unnoticed).
function s3Problems(env: Record<string, string>): string[] {
  const problems: string[] = [];
  const keys = ['ATTACHMENTS_S3_ACCESS_KEY_ID', 'ATTACHMENTS_S3_SECRET_ACCESS_KEY'];
  if (env.ATTACHMENTS_S3_BUCKET) {
    for (const key of keys.filter((k) => !env[k])) {
      problems.push(`${key}: is required when ATTACHMENTS_S3_BUCKET is set`);
    }
    if (env.ATTACHMENTS_DIR) {
      problems.push('ATTACHMENTS_DIR: set either it or ATTACHMENTS_S3_BUCKET, not both');
    }
  } else {
    const stray = ['ATTACHMENTS_S3_ENDPOINT', 'ATTACHMENTS_S3_REGION', ...keys].filter((k) => env[k]);
    for (const key of stray) problems.push(`${key}: means nothing without ATTACHMENTS_S3_BUCKET`);
  }
  return problems;
}

export type Config = z.output<typeof schema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Plantline cannot start, the configuration has ${problems.length} problem(s):\n` +
      problems.map((p) => `  - ${p}`).join('\n'));
    this.name = 'ConfigError';
  }
}

/** Parses the environment; empty strings count as unset so `FOO= npm start` falls back. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  );
  const parsed = schema.safeParse(present);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.') || '(environment)'}: ${i.message}`)),
    ...crossChecks(present),
  ];
  if (parsed.success && problems.length === 0) return parsed.data;
  throw new ConfigError(problems);
}

/** Whether websockets are carried by an external Pusher-compatible server. */
export function usesExternalPusher(config: Config): boolean {
  return config.PUSHER_HOST !== undefined;
}

/** Whether only this machine can reach an address (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    bare === 'localhost' ||
    bare === '::1' ||
    /^127(\.\d{1,3}){3}$/.test(bare) ||
    /^::ffff:127(\.\d{1,3}){3}$/.test(bare)
  );
}

export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
