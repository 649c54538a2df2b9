import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import type { RouteAccess } from '../../src/domain/route-access.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { ApiError, validationError } from '../errors/api-error.ts';
import { refuseCaller, type RouteCallers } from './route-callers.ts';
import { envelope } from './envelope.ts';
import { issuesToCodes } from './zod-to-codes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Parse every successful answer's `data` with its route's `response` schema and answer 500
     * when it does not match (AppOptions.checkResponses: the test suites), so the OpenAPI
     * description cannot promise what a route does not send.
     */
    checkResponses?: boolean;
    /**
     * Every route this app declared with addRoute, for its OpenAPI description. Kept on the app,
     * not in the module: a process that builds several apps (the test suites) would otherwise
     * keep the first app, its handlers and their dependencies, alive for as long as it runs.
     */
    routeCatalogue: RegisteredRoute[];
  }
}

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
  /**
   * The envelope's `data` on success as it travels (booleans as 1/0, dates as ISO text), for the
   * OpenAPI description; checked against every answer when the app checks responses.
   */
  response?: z.ZodType;
  /**
   * The media type of an answer the handler sends itself instead of the envelope (a PDF, a CSV,
   * this OpenAPI document), for the OpenAPI description.
   */
  replyType?: string | readonly string[];
  /** Extra Fastify options, e.g. a smaller body limit. */
  bodyLimit?: number;
  handler: (ctx: RouteContext<Q, B, P>) => Promise<unknown>;
};

export type RegisteredRoute = Pick<
  RouteSpec<unknown, unknown, unknown>,
  | 'method'
  | 'url'
  | 'access'
  | 'callers'
  | 'summary'
  | 'query'
  | 'body'
  | 'params'
  | 'response'
  | 'replyType'
>;

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
  app.routeCatalogue.push(spec);
  const check = app.checkResponses === true ? spec.response : undefined;
  const answer = (reply: FastifyReply, data: unknown, message?: string) => {
    const sent = envelope(data, message);
    if (check && reply.statusCode < 400) checkResponse(check, sent.data, spec, reply);
    return reply.send(sent);
  };
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
      if (result instanceof Answer)
        return answer(reply.code(result.httpStatus), result.data, result.message);
      return answer(reply, result);
    },
  });
}

/** A route whose answer is not what it declares fails loudly: logged, and a 500 naming why. */
function checkResponse(
  schema: z.ZodType,
  data: unknown,
  spec: Pick<RouteSpec<unknown, unknown, unknown>, 'method' | 'url'>,
  reply: FastifyReply,
): void {
  const result = schema.safeParse(data);
  if (result.success) return;
  const route = `${String(spec.method)} ${spec.url}`;
  reply.request.log.error(
    { route, issues: result.error.issues },
    'answer does not match its response schema',
  );
  throw new ApiError('server_error', { route, response: result.error.issues }, 500);
}

/** The signed-in user of a non-public route (the hook has already refused anonymous calls). */
export function signedIn(user: SessionUser | null): SessionUser {
  if (!user) throw new Error('route declared non-public but reached without a user');
  return user;
}
