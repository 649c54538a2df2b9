import { z } from 'zod';

// Every environment variable Plantline reads, parsed once at start. A bad value stops the
// server with one message listing every problem, so an operator fixes them all in one go.

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const port = z.coerce.number().int().min(1).max(65535);
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine((u) => protocols.includes(new URL(u).protocol), {
      message: `must start with ${protocols.join(' or ')}`,
    })
    .optional();

const schema = z
  .object({
    // 0 picks any free port (tests, benchmarks).
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
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
    PLANTLINE_DEMO: flag.default(true),
    TOKEN_TTL_HOURS: z.coerce.number().positive().max(24 * 90).default(12),
    COMPANY_TIMEZONE: z.string().min(1).default('America/Toronto'),
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((c, ctx) => {
    if (c.PUSHER_HOST && !c.PUSHER_APP_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUSHER_APP_SECRET'],
        message: 'is required when PUSHER_HOST points at an external Pusher server',
      });
    }
    if (!isValidTimeZone(c.COMPANY_TIMEZONE)) {
      ctx.addIssue({ code: 'custom', path: ['COMPANY_TIMEZONE'], message: 'is not an IANA time zone' });
    }
  });

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
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(present);
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    parsed.error.issues.map((i) => `${i.path.join('.') || '(environment)'}: ${i.message}`),
  );
}

/** Whether websockets are carried by an external Pusher-compatible server. */
export function usesExternalPusher(config: Config): boolean {
  return config.PUSHER_HOST !== undefined;
}

function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
