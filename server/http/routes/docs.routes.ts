import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { rolesFor } from '../../../src/domain/access.ts';
import { addRoute, routeCatalogue, type RegisteredRoute } from '../route.ts';

// The OpenAPI description is built from the same declarations the server runs, so it cannot
// drift from the routes. It is served as a plain OpenAPI document so tools can read it.

function schemaOf(schema: z.ZodType | undefined): unknown {
  if (!schema) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  } catch {
    return { type: 'object' };
  }
}

function who(route: RegisteredRoute): string {
  if (typeof route.access === 'string') return route.access;
  return `roles: ${rolesFor(route.access.area, route.access.action).join(', ')}`;
}

function operation(route: RegisteredRoute) {
  const query = schemaOf(route.query) as { properties?: Record<string, unknown> } | undefined;
  const params = schemaOf(route.params) as { properties?: Record<string, unknown> } | undefined;
  return {
    summary: route.summary,
    description: `Access: ${who(route)}`,
    security: route.access === 'public' ? [] : [{ bearer: [] }],
    parameters: [
      ...Object.entries(params?.properties ?? {}).map(([name, schema]) => ({
        name,
        in: 'path',
        required: true,
        schema,
      })),
      ...Object.entries(query?.properties ?? {}).map(([name, schema]) => ({
        name,
        in: 'query',
        schema,
      })),
    ],
    ...(route.body
      ? { requestBody: { content: { 'application/json': { schema: schemaOf(route.body) } } } }
      : {}),
    responses: {
      default: {
        description: 'The envelope {status, message, data}',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } },
      },
    },
  };
}

export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routeCatalogue) {
    if (!route.url.startsWith('/api')) continue;
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][String(route.method).toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Plantline API', version: '1' },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Envelope: {
          type: 'object',
          required: ['status', 'message', 'data'],
          properties: { status: { type: 'boolean' }, message: { type: 'string' }, data: {} },
        },
      },
    },
    paths,
  };
}

export function registerDocsRoutes(app: FastifyInstance): void {
  addRoute(app, {
    method: 'GET',
    url: '/api/docs',
    access: 'public',
    summary: 'This OpenAPI description',
    handler: async ({ reply }) => reply.send(openApiDocument()),
  });
}
