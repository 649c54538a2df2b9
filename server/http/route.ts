import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import type { RouteAccess } from '../../src/domain/route-access.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { validationError } from './api-error.ts';
import { refuseCaller, type RouteCallers } from './route-callers.ts';
import { envelope } from './envelope.ts';
import { issuesToCodes } from './zod-to-codes.ts';

// One way to declare an API route: its access rule, its input schemas and a handler that
// returns data. Validation, the envelope and the OpenAPI entry all come from the declaration.

export type RouteContext<Q, B, P> = {
  query: Q;
  body: B;
  params: P;
  /** Present on every route whose access is not `public`; checked by the auth hook. */
  user: SessionUser | null;
  request: FastifyRequest;
  reply: FastifyReply;
};

/** A handler may return plain data (200 `ok`) or choose the message and HTTP status. */
export class Answer<T> {
  constructor(
    readonly data: T,
    readonly message = 'ok',
    readonly httpStatus = 200,
  ) {}
}

export type RouteSpec<Q, B, P> = {
  method: HTTPMethods;
  url: string;
  access: RouteAccess;
  /**
   * Who may call beyond the area of `access` (admin always may): the route's own roles, or
   * each workflow event's. Checked before the body is read or any row: a refused caller hears
   * 403 and nothing of the record (its version, its last editor, its status).
   */
  callers?: RouteCallers;
  summary: string;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  params?: z.ZodType<P>;
  /** The envelope's `data` on success, for the OpenAPI description (not checked at run time). */
  response?: z.ZodType;
  /** Extra Fastify options, e.g. a smaller body limit. */
  bodyLimit?: number;
  handler: (ctx: RouteContext<Q, B, P>) => Promise<unknown>;
};

export type RegisteredRoute = Pick<
  RouteSpec<unknown, unknown, unknown>,
  'method' | 'url' | 'access' | 'callers' | 'summary' | 'query' | 'body' | 'params' | 'response'
>;

export const routeCatalogue: RegisteredRoute[] = [];

function parse<T>(schema: z.ZodType<T> | undefined, input: unknown, where: string): T {
  if (!schema) return undefined as T;
  // reportInput lets a missing value (required) be told from a wrong one (numeric, in).
  const result = schema.safeParse(input ?? {}, { reportInput: true });
  if (result.success) return result.data;
  const codes = issuesToCodes(result.error.issues);
  // A bad path or query parameter is named with its place, so it cannot be mistaken for a
  // form field of the same name.
  throw validationError(
    where === 'body'
      ? codes
      : Object.fromEntries(Object.entries(codes).map(([k, v]) => [`${where}.${k}`, v])),
  );
}

export function addRoute<Q = undefined, B = undefined, P = undefined>(
  app: FastifyInstance,
  spec: RouteSpec<Q, B, P>,
): void {
  if (!routeCatalogue.some((r) => r.method === spec.method && r.url === spec.url)) {
    routeCatalogue.push(spec);
  }
  app.route({
    method: spec.method,
    url: spec.url,
    config: { access: spec.access, ...(spec.callers ? { callers: spec.callers } : {}) },
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    handler: async (request, reply) => {
      const params = parse(spec.params, request.params, 'params');
      // Authentication and the area were the access hook's; the caller's role comes next,
      // before anything of the input or the row can answer differently.
      if (spec.callers) refuseCaller(spec.callers, signedIn(request.user), params);
      const ctx: RouteContext<Q, B, P> = {
        params,
        query: parse(spec.query, request.query, 'query'),
        body: parse(spec.body, request.body, 'body'),
        user: request.user,
        request,
        reply,
      };
      const result = await spec.handler(ctx);
      // A few routes answer in a foreign format (OpenAPI, Pusher auth) and send it themselves.
      if (reply.sent || result === reply) return reply;
      if (result instanceof Answer) {
        return reply.code(result.httpStatus).send(envelope(result.data, result.message));
      }
      return reply.send(envelope(result));
    },
  });
}

/** The signed-in user of a non-public route (the hook has already refused anonymous calls). */
export function signedIn(user: SessionUser | null): SessionUser {
  if (!user) throw new Error('route declared non-public but reached without a user');
  return user;
}
