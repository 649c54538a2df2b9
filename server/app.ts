import { fileURLToPath } from 'node:url';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import qs from 'qs';
import type { AppDeps } from './app-deps.ts';
import { registerAttachmentRoutes } from './attachments/attachments.routes.ts';
import { registerAccessControl } from './http/access-hook.ts';
import { answerClientError } from './http/client-error.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { registerAuthRoutes } from './http/routes/auth.routes.ts';
import { registerBroadcastingRoutes } from './http/routes/broadcasting.routes.ts';
import { registerConfigRoutes } from './http/routes/config.routes.ts';
import { registerDocsRoutes } from './http/routes/docs.routes.ts';
import { registerGuideRoutes } from './http/routes/guides.routes.ts';
import { registerInventoryEntityRoutes } from './http/routes/inventory-entities.routes.ts';
import { registerApprovalRoutes } from './http/routes/approvals/approvals.routes.ts';
import { registerMyWorkRoutes } from './http/routes/my-work/my-work.routes.ts';
import { registerProfileRoutes } from './http/routes/profile.routes.ts';
import { registerPurchaseRoutes } from './http/routes/purchase.routes.ts';
import { registerImportsCentreRoutes } from './imports/imports-centre.routes.ts';
import { registerOpsRoutes } from './ops/ops.routes.ts';
import { registerProductionRoutes } from './http/routes/production.routes.ts';
import { registerSearchRoutes } from './http/routes/search/search.routes.ts';
import { registerUserRoutes } from './http/routes/users.routes.ts';
import { registerSocketId } from './http/socket-id-hook.ts';
import { registerStockRoutes } from './http/routes/stock.routes.ts';
import { registerSpa } from './http/spa.ts';
import { serverModules } from './server-modules.ts';
import { loadModuleWork } from './http/routes/my-work/my-work.queries.ts';
import { loadModuleEntities } from '../src/domain/entities/entity-registry.ts';
import { registerDocumentTimelineRoutes } from './http/routes/document-timeline.routes.ts';
import { RequestLog } from './http/request-log.ts';
import { sessionLookup } from './auth/session-lookup.ts';
import { createRedisSessionBus } from './auth/session-bus.ts';
import { SessionCache } from './auth/session-cache.ts';
import { requestSerializers } from './http/log-serializers.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { createUpgradeGate } from './http/upgrade-gate.ts';
import { trustedProxy } from './http/trusted-proxy.ts';

export type AppOptions = {
  /** Pino options or false; tests keep quiet (or read `stream`), the server logs at LOG_LEVEL. */
  logger?: boolean | { level: string; stream?: NodeJS.WritableStream; pretty?: boolean };
  /** Where the built SPA lives; defaults to ./dist at the repository root. */
  distDir?: string;
  /**
   * Check every successful answer against its route's declared `response` schema and answer
   * 500 when it differs (server/http/route.ts). The test suites turn it on; production never
   * pays for it.
   */
  checkResponses?: boolean;
};

const defaultDist = fileURLToPath(new URL('../dist', import.meta.url));

function loggerOptions(logger: AppOptions['logger']) {
  if (typeof logger !== 'object') return logger ?? false;
  const { pretty, ...options } = logger;
  // Readable lines for a person at a terminal; one JSON object a line for log collectors.
  const transport = pretty
    ? { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } }
    : undefined;
  return { ...options, serializers: requestSerializers, ...(transport ? { transport } : {}) };
}

/** The whole HTTP application on injected dependencies; main.ts only adds listen(). */
export async function buildApp(deps: AppDeps, options: AppOptions = {}): Promise<FastifyInstance> {
  // Entity routes, search and pickers read the registry, complete once this resolves; My work
  // and the approval inbox read the slices' queues.
  await loadModuleEntities();
  await loadModuleWork();
  const app = Fastify({
    logger: loggerOptions(options.logger),
    logController: new RequestLog(),
    bodyLimit: deps.config.BODY_LIMIT_BYTES,
    clientErrorHandler: answerClientError,
    // Off unless TRUST_PROXY names the proxies: request.ip feeds the login throttle.
    trustProxy: trustedProxy(deps.config.TRUST_PROXY),
    // Bracket-form query strings (docs/product.md §7): a[]=1&a[]=2, filter[0][field]=sku.
    routerOptions: {
      querystringParser: (text) =>
        qs.parse(text, { depth: 6, arrayLimit: 500, parameterLimit: 2000 }),
    },
  });

  // Before any route: addRoute and the entity routes read and fill these as routes are declared.
  app.decorate('checkResponses', options.checkResponses === true);
  app.decorate('routeCatalogue', []);
  app.decorate('entityBindings', new Map());
  registerErrorHandler(app);
  // First, so the latency histogram sees every route's replies, refusals included.
  registerOpsRoutes(app, deps);
  await registerSecurityHeaders(app, deps.config);
  registerSocketId(app);
  registerInputGuard(app);
  const sessions = new SessionCache(deps.database.db, {
    ...(deps.config.REDIS_URL
      ? {
          bus: await createRedisSessionBus({
            url: deps.config.REDIS_URL,
            appId: deps.config.PUSHER_APP_ID,
            onError: (error) => app.log.warn({ err: error }, 'session bus: Redis connection'),
          }),
        }
      : {}),
  });
  app.addHook('onClose', () => sessions.close());
  registerAccessControl(app, sessions);
  await app.register(formbody, { bodyLimit: 16_384 });

  registerConfigRoutes(app, deps);
  registerAuthRoutes(app, deps);
  registerProfileRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerInventoryEntityRoutes(app, deps);
  registerStockRoutes(app, deps);
  registerGuideRoutes(app, deps);
  registerProductionRoutes(app, deps);
  registerPurchaseRoutes(app, deps);
  registerAttachmentRoutes(app, deps);
  registerImportsCentreRoutes(app, deps);
  registerSearchRoutes(app, deps);
  registerMyWorkRoutes(app, deps);
  registerApprovalRoutes(app, deps);
  for (const module of await serverModules()) module.register(app, deps);
  registerDocumentTimelineRoutes(app, deps);
  registerBroadcastingRoutes(app, deps);
  registerDocsRoutes(app);
  deps.realtime.registerEventsApi(app);
  await registerSpa(app, options.distDir ?? defaultDist);

  deps.realtime.watchSessions(sessionLookup(deps.database.db));
  deps.realtime.attach(app.server, createUpgradeGate(deps.config));
  return app;
}
