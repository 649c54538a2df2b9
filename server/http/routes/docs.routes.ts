import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { rolesFor } from '../../../src/domain/access.ts';
import { addRoute, type RegisteredRoute } from '../route.ts';

// The OpenAPI description is built from the same declarations the server runs, so it cannot
// drift from the routes: parameters and bodies from their zod schemas, each operation's `data`
// from its `response` schema, tagged by module. A generator (openapi-typescript) reads it.

type JsonSchema = Record<string, unknown>;

/** Schemas shared by operations: named rows and what zod lifts out of recursive schemas. */
class SharedSchemas {
  readonly schemas: Record<string, unknown> = {};
  private anonymous = 0;

  /** The JSON Schema of `schema`, its `$defs` moved to components so every `$ref` resolves. */
  of(schema: z.ZodType | undefined, io: 'input' | 'output'): JsonSchema | undefined {
    if (!schema) return undefined;
    let json: JsonSchema;
    try {
      json = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
    } catch {
      return { type: 'object' };
    }
    const {
      $defs,
      $schema: _dialect,
      ...rest
    } = json as JsonSchema & { $defs?: Record<string, unknown> };
    const renamed = new Map<string, string>();
    for (const [name, def] of Object.entries($defs ?? {})) {
      // Named schemas (…Row) are the same wherever they appear; zod's __schemaN are per call.
      if (!name.startsWith('__schema')) renamed.set(name, name);
      // zod's recursive JSON value (a setting's value) is any JSON: TypeScript generators
      // cannot name a type that contains itself, so it is shared as one open schema.
      else if (JSON.stringify(def).includes(`"#/$defs/${name}"`)) renamed.set(name, 'JsonValue');
      else renamed.set(name, `Anonymous${(this.anonymous += 1)}`);
    }
    const rewrite = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(rewrite);
      if (value === null || typeof value !== 'object') return value;
      return Object.fromEntries(
        Object.entries(value).map(([key, inner]) => {
          if (key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/')) {
            const name = inner.slice('#/$defs/'.length);
            return [key, `#/components/schemas/${renamed.get(name) ?? name}`];
          }
          return [key, rewrite(inner)];
        }),
      );
    };
    for (const [name, def] of Object.entries($defs ?? {})) {
      const shared = renamed.get(name) ?? name;
      this.schemas[shared] =
        shared === 'JsonValue' ? { description: 'Any JSON value' } : rewrite(def);
    }
    return rewrite(rest) as JsonSchema;
  }
}

function who(route: RegisteredRoute): string {
  if (typeof route.access === 'string') return route.access;
  return `roles: ${rolesFor(route.access.area, route.access.action).join(', ')}`;
}

/** The module an operation belongs to: `/api/sales/orders` → sales; `/api/me` → account. */
function tagOf(url: string): string {
  const [, , first, second] = url.split('/');
  return second === undefined || first?.startsWith(':') ? 'account' : (first ?? 'account');
}

/** get /api/sales/orders/:id/events/:event → getSalesOrdersByIdEventsByEvent, unique per route. */
function operationIdOf(route: RegisteredRoute): string {
  const words = route.url
    .replace(/^\/api\//, '')
    .split(/[/_\-.]/)
    .filter(Boolean)
    .map((w) => (w.startsWith(':') ? `By${cap(w.slice(1))}` : cap(w)));
  return `${String(route.method).toLowerCase()}${words.join('')}`;
}

const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/**
 * What a success carries: the envelope with this operation's data, or, for an answer the handler
 * sends itself, its own media type (its declared schema when it is JSON, bytes otherwise).
 */
function success(route: RegisteredRoute, data: JsonSchema | undefined) {
  if (route.replyType) {
    const types: readonly string[] =
      typeof route.replyType === 'string' ? [route.replyType] : route.replyType;
    const schemaOf = (type: string) =>
      data ?? (type.includes('json') ? {} : { type: 'string', format: 'binary' });
    return {
      description: `Done: ${types.join(' or ')}, not the envelope`,
      content: Object.fromEntries(types.map((type) => [type, { schema: schemaOf(type) }])),
    };
  }
  return {
    description: 'Done: the envelope with this operation’s data',
    content: {
      'application/json': {
        schema: data
          ? {
              allOf: [
                { $ref: '#/components/schemas/Envelope' },
                { type: 'object', required: ['data'], properties: { data } },
              ],
            }
          : { $ref: '#/components/schemas/Envelope' },
      },
    },
  };
}

function operation(route: RegisteredRoute, shared: SharedSchemas) {
  const query = shared.of(route.query, 'input') as
    { properties?: Record<string, unknown> } | undefined;
  const params = shared.of(route.params, 'input') as
    { properties?: Record<string, unknown> } | undefined;
  const declared = params?.properties ?? {};
  // A path parameter the route reads by hand is still a parameter of its path.
  const inPath = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const data = shared.of(route.response, 'output');
  return {
    operationId: operationIdOf(route),
    tags: [tagOf(route.url)],
    summary: route.summary,
    description: `Access: ${who(route)}`,
    security: route.access === 'public' ? [] : [{ bearer: [] }],
    parameters: [
      ...inPath.map((name) => ({
        name,
        in: 'path',
        required: true,
        schema: declared[name] ?? { type: 'string' },
      })),
      ...Object.entries(query?.properties ?? {}).map(([name, schema]) => ({
        name,
        in: 'query',
        schema,
      })),
    ],
    ...(route.body
      ? {
          requestBody: {
            content: { 'application/json': { schema: shared.of(route.body, 'input') } },
          },
        }
      : {}),
    responses: {
      '2XX': success(route, data),
      default: {
        description: 'Refused: status false, a message, and for 422 the fields with their codes',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } },
      },
    },
  };
}

export function openApiDocument(routes: readonly RegisteredRoute[]) {
  const shared = new SharedSchemas();
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();
  for (const route of routes) {
    if (!route.url.startsWith('/api')) continue;
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    const op = operation(route, shared);
    tags.add(op.tags[0]!);
    paths[path][String(route.method).toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Plantline API', version: '1' },
    tags: [...tags].sort().map((name) => ({ name })),
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Envelope: {
          type: 'object',
          required: ['status', 'message', 'data'],
          properties: { status: { type: 'boolean' }, message: { type: 'string' }, data: {} },
        },
        ...shared.schemas,
      },
    },
    paths,
  };
}

export function registerDocsRoutes(app: FastifyInstance): void {
  // Built on the first request, once every route is declared, and kept: a thousand zod schemas
  // turned to JSON Schema on every request would be wasted work.
  let built: ReturnType<typeof openApiDocument> | undefined;
  addRoute(app, {
    method: 'GET',
    url: '/api/docs',
    access: 'public',
    summary: 'This OpenAPI description',
    replyType: 'application/json',
    response: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
    handler: async ({ reply }) => {
      built ??= openApiDocument(app.routeCatalogue);
      return reply.send(built);
    },
  });
}
