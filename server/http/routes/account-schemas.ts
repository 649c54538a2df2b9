import { z } from 'zod';
import { wireFlag, wireTimestamp } from '../wire-schemas.ts';

// What the account routes answer (`/api/me`, `/api/profile`, `/api/login`, `/api/config`), as
// the `response` schemas of their OpenAPI operations.

/** The signed-in user as `userInfo` (server/auth/session-user.ts) sends it. */
export const userInfoSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  company: z.string(),
  email: z.string().nullable(),
  timezone: z.string(),
  roles: z.array(z.string()),
  modules: z.array(z.string()),
  config: z.record(z.string(), z.unknown()),
  is_demo: wireFlag,
  version: z.number().int(),
});

export const meSchema = userInfoSchema.extend({ guides_read: z.array(z.string()) });

export const tokenSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
});

export const publicConfigSchema = z.object({
  app_title: z.string(),
  timezone: z.string(),
  demo: z.object({
    enabled: wireFlag,
    password: z.string().nullable(),
    usernames: z.array(z.string()),
  }),
  auth_client: z.object({ client_id: z.string(), client_secret: z.string() }),
  echo: z.object({
    broadcaster: z.literal('pusher'),
    key: z.string(),
    cluster: z.string(),
    wsHost: z.string().nullable(),
    wsPort: z.number().int().nullable(),
    wssPort: z.number().int().nullable(),
    forceTLS: wireFlag,
    enabledTransports: z.array(z.string()),
    authEndpoint: z.string(),
    activity_timeout: z.number(),
  }),
});

/** An attendance punch as inserted (time_punches). */
export const punchSchema = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  createdAt: wireTimestamp,
  createdBy: z.number().int().nullable(),
  userId: z.number().int(),
  kind: z.enum(['in', 'out']),
  punchedAt: wireTimestamp,
  note: z.string().nullable(),
});
