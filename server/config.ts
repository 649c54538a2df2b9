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
    // The plant simulator (server/simulate): off unless asked; `npm start` asks when demo is on.
    PLANTLINE_SIMULATE: flag.default(false),
    PLANTLINE_SIMULATE_PACE_MS: z.coerce.number().int().min(100).max(3_600_000).default(3000),
    TOKEN_TTL_HOURS: z.coerce.number().positive().max(24 * 90).default(12),
    COMPANY_TIMEZONE: z.string().min(1).default('America/Toronto'),
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  });

// Checks across variables run on the raw values, so they are reported together with every
// other problem instead of only after the rest is fixed.
function crossChecks(env: Record<string, string>): string[] {
  const problems: string[] = [];
  if (env.PUSHER_HOST && !env.PUSHER_APP_SECRET) {
    problems.push('PUSHER_APP_SECRET: is required when PUSHER_HOST points at an external Pusher server');
  }
  if (env.COMPANY_TIMEZONE && !isValidTimeZone(env.COMPANY_TIMEZONE)) {
    problems.push('COMPANY_TIMEZONE: is not an IANA time zone');
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

export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
