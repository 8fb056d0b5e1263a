import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { z } from 'zod';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { EVENT_CURSOR_HEADER } from '@gerai/contract';
import type { Config } from './config';
import type { Db, DbHandle } from './db/client';
import { clientErrorReply, frameworkErrorReply, refuseWhileClosing, registerErrorHandling } from './platform/errors';
import { securityHeadersPlugin } from './platform/security-headers';
import { serializerCompiler } from './platform/serializer';
import { authPlugin } from './platform/auth';
import { idempotencyPlugin } from './platform/idempotency';
import { registerProcessHeartbeat } from './platform/process-heartbeat';
import { access, enforceRouteAccess, ok, SESSION_SECURITY } from './platform/route-kit';
import { EventBus, eventRoutes } from './platform/events';
import { StoreReadCache } from './platform/read-cache';
import { registerWebApp } from './platform/web-app';
import { uploadRoutes } from './platform/upload-routes';
import { authRoutes } from './modules/auth/routes';
import { memberRoutes } from './modules/members/routes';
import { catalogRoutes } from './modules/catalog/routes';
import { orderRoutes } from './modules/orders/routes';
import { channelRoutes } from './modules/channels/routes';
import { appConfigRoutes } from './modules/app-config/routes';
import { podRoutes } from './modules/pod/routes';
import { cancellationRoutes } from './modules/cancellations/routes';
import { returnRoutes } from './modules/returns/routes';
import { stockRoutes } from './modules/stock/routes';
import { bookingRoutes } from './modules/bookings/routes';
import { transferRoutes } from './modules/transfers/routes';
import { registerStockReplyCache } from './modules/stock';
import { registerMonitoringCache } from './modules/monitoring';
import { chatRoutes } from './modules/chat/routes';
import { helpdeskFileRoutes, helpdeskRoutes } from './modules/helpdesk/routes';
import { monitoringRoutes } from './modules/monitoring/routes';
import { recapRoutes } from './modules/recap/routes';
import { pushRoutes, queuePushes } from './modules/push';
import { followChanges } from './platform/audit';
import { registerMetrics, type Metrics } from './platform/metrics';
import { loggerOptions, namingRequest, registerRequestLogging, REQUEST_LOG_OPTIONS } from './platform/logging';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dbHandle: DbHandle;
    events: EventBus;
    readCache: StoreReadCache;
    /** Null when METRICS_PORT is off: nothing is measured. */
    metrics: Metrics | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// Validation messages from zod in Indonesian.
z.config(z.locales.id());

/**
 * OpenAPI 3.0.3: `nullable: true` does not widen an `enum`, which must list null itself (ajv reads it
 * so). Zod writes a nullable enum as `{ enum: [...], nullable: true }`; null is added to the list so
 * the document accepts the nulls the server sends.
 */
function nullableEnums<T>(value: T): T {
  if (Array.isArray(value)) return value.map(nullableEnums) as T;
  if (value === null || typeof value !== 'object') return value;
  const out = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, nullableEnums(v)])) as Record<string, unknown>;
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  return out as T;
}

export interface BuildOptions {
  config: Config;
  handle: DbHandle;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp({ config, handle, logger }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    bodyLimit: 1024 * 1024,
    // Off unless configured: trusting every hop would let a client choose its own address (and login rate-limit bucket) with X-Forwarded-For.
    trustProxy: config.TRUST_PROXY,
    // X-Request-Id kept when safe, else a fresh one; one log line per finished request.
    ...REQUEST_LOG_OPTIONS,
    frameworkErrors: namingRequest(frameworkErrorReply),
    // A method Node's parser does not know never reaches Fastify: answered here in the app's shape (404).
    clientErrorHandler: clientErrorReply,
    // Closing, the app answers with its own 503 (refuseWhileClosing), not Fastify's body.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  // First, so that every route after it must declare who may call it.
  enforceRouteAccess(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', handle.db);
  app.decorate('dbHandle', handle);
  const bus = new EventBus(handle, { log: app.log, sessionUrl: config.DATABASE_SESSION_URL });
  await bus.start();
  app.decorate('events', bus);
  // Streams end before the server waits for its connections to close, or shutdown would wait for every phone.
  app.addHook('preClose', async () => bus.endStreams());
  app.addHook('onClose', async () => bus.stop());
  // Subscribed before any SSE stream: a phone told of a change never reads the cache from before it.
  const readCache = new StoreReadCache({ ttlMs: config.READ_CACHE_TTL_MS, max: 5_000 });
  bus.subscribe((e) => readCache.invalidate(e.storeCode));
  // Deaf to other processes while LISTEN is down: read through, and start afresh once the missed events are in.
  bus.onConnectionChange((connected) => (connected ? readCache.resume() : readCache.suspend()));
  app.decorate('readCache', readCache);
  // Every change queues the pushes its event calls for in its own transaction (the push outbox).
  followChanges(queuePushes);
  registerStockReplyCache(app, bus);
  registerMonitoringCache(app, bus);
  // A read says how far the events it reflects go: a stream opened after it resumes from there (nothing between the two is lost).
  app.addHook('onRequest', async (req, reply) => {
    if (req.method === 'GET' && req.url.startsWith('/api/')) reply.header(EVENT_CURSOR_HEADER, String(bus.heardId));
  });
  app.addHook('onSend', async (req, reply, payload) => {
    // The caller's own change is never read stale, even before its NOTIFY arrives.
    if (!SAFE_METHODS.has(req.method) && reply.statusCode < 400 && req.principal?.activeStoreCode) readCache.invalidate(req.principal.activeStoreCode);
    return payload;
  });

  // Before every route, so the request-duration hook times them all.
  app.decorate('metrics', config.metricsPort === null ? null : registerMetrics(app));
  registerRequestLogging(app);
  registerErrorHandling(app);
  refuseWhileClosing(app);
  await app.register(cookie);
  await app.register(securityHeadersPlugin, {
    helmet: {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
          connectSrc: ["'self'"],
          workerSrc: ["'self'", 'blob:'],
          scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          upgradeInsecureRequests: null,
        },
      },
      // The app is opened inside native webviews that may frame nothing else.
      crossOriginEmbedderPolicy: false,
    },
  });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Gerai API',
        description: 'API of Gerai, the online order app for store crews. Success: `{ message: "Success", data }`; errors: `{ message, code, details? }` with Indonesian messages.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'at' },
        },
      },
      security: SESSION_SECURITY,
    },
    transform: (input) => nullableEnums(jsonSchemaTransform(input)),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/docs/openapi.json', { ...access({ auth: 'public' }), schema: { hide: true } }, async () => app.swagger());
  await app.register(authPlugin);
  registerProcessHeartbeat(app);
  await app.register(idempotencyPlugin);

  await app.register(authRoutes);
  await app.register(memberRoutes);
  await app.register(catalogRoutes);
  await app.register(orderRoutes);
  await app.register(channelRoutes);
  await app.register(appConfigRoutes);
  await app.register(podRoutes);
  await app.register(cancellationRoutes);
  await app.register(uploadRoutes);
  await app.register(returnRoutes);
  await app.register(stockRoutes);
  await app.register(bookingRoutes);
  await app.register(transferRoutes);
  await app.register(chatRoutes);
  await app.register(helpdeskRoutes);
  await app.register(helpdeskFileRoutes);
  await app.register(monitoringRoutes);
  await app.register(recapRoutes);
  await app.register(pushRoutes);
  await app.register(eventRoutes);
  app.get('/api/health', { ...access({ auth: 'public' }), schema: { tags: ['platform'], summary: 'Liveness probe; listening: false while the LISTEN connection to PostgreSQL is being re-established' } }, async () => ok({ ok: true, db: handle.kind, listening: bus.connected }));

  await registerWebApp(app, config.webDist);
  return app;
}

