import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import { MAX_REQUEST_BODY_BYTES } from '@patlas/contracts';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { compose, type AppContext } from './composition.js';
import { markInStep } from './domains/patent/import/index-in-step.js';
import { withIndexWrites } from './domains/patent/import/import.service.js';
import type { Config } from './config.js';
import { accessPlugin } from './kernel/access.plugin.js';
import { publishedDemoAccount, seedAccounts, type ExposedDemoAccount } from './domains/auth/seed.js';
import { systemClock, type Clock } from './kernel/clock.js';
import { AppError, registerErrorHandler, sendFrameworkError, sendRouteNotFound } from './errors.js';
import { urlForLog } from './plugins/log-url.js';
import { registerRequestSignal } from './plugins/request-signal.js';
import { registerWellFormedText } from './plugins/well-formed-text.js';
import { MULTIPART_OPTIONS } from './files/upload.js';

export interface BuildOptions {
  /** Where log lines go (default: stdout); tests read them. */
  logStream?: { write(line: string): void };
  /** The clock of every service; tests move it instead of sleeping. */
  now?: Clock;
  /** Where the generated admin password is shown once (default: stdout). */
  announce?: (line: string) => void;
  /** Most patents an analysis may cover (default 1,000,000, spec 2 §9); tests lower it to reach the limit. */
  maxAnalysisTotal?: number;
  /** The pause between translation batches (default: a real 1000 ms timer); tests record it instead. */
  translationDelay?: (ms: number) => Promise<void>;
  /**
   * When the search engine loads its in-memory columns (default: at start). `first-use` for a
   * process that only imports (the CLI): its memory then stays flat however large the corpus.
   */
  engineColumns?: 'open' | 'first-use';
  /** Test hook: the search workers count as started only once this settles (a slow index open). */
  searchStartGate?: Promise<unknown>;
}

export interface BuiltApp {
  app: FastifyInstance;
  context: AppContext;
  /** The demo account when it still has the published password (main.ts warns), blocked beyond loopback. */
  demoAccount?: ExposedDemoAccount | undefined;
}

/** Opens the database, builds every domain (composition.ts) and registers them. Never listens (main.ts does). */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.body.password'],
      serializers: { req: requestForLog },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    genReqId: () => `req-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    // An undecodable URL (an encoded lone surrogate …) answers in the envelope too (issue 41 §6).
    frameworkErrors: sendFrameworkError,
    bodyLimit: MAX_REQUEST_BODY_BYTES,
    return503OnClosing: true,
    trustProxy: trustProxyOption(config.trustProxy),
    // Slow or idle clients cannot hold connections (issue 16 §2); configurable, see config.ts.
    requestTimeout: config.http.requestTimeoutMs,
    connectionTimeout: config.http.connectionTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    // Node checks request timeouts on this interval (30 s by default): a finer one for short timeouts.
    http: {
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(config.http.requestTimeoutMs / 4))),
    },
  }).withTypeProvider<ZodTypeProvider>();
  const context = await compose(config, {
    now: options.now ?? systemClock,
    log: app.log,
    maxAnalysisTotal: options.maxAnalysisTotal,
    engineColumns: options.engineColumns,
    searchStartGate: options.searchStartGate,
    translationDelay: options.translationDelay,
  });
  const { repositories, services } = context;
  await seedAccounts({
    users: repositories.users,
    roles: repositories.roles,
    tenants: repositories.tenants,
    adminPassword: config.auth.adminPassword,
    demoPassword: config.auth.demoPassword,
    announce: options.announce ?? ((line) => process.stdout.write(line)),
  });
  // Issue 41: DEMO_CORPUS is on by default; its account's published password must not open a server
  // that listens beyond this machine, unless PATLAS_ALLOW_DEMO_ACCOUNTS says so.
  const demoAccount = await publishedDemoAccount(repositories.users, {
    host: config.host,
    allowExposed: config.auth.allowExposedDemo,
  });
  if (demoAccount?.blocked) services.sessions.blockAccount(demoAccount.userId);

  // --- plugins: validation, errors, access (before any route: it refuses /api routes without one), limits, docs ---
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRequestSignal(app);
  // Before any route reads a body: a lone surrogate in a text is refused, never a 500 (issue 41 §6).
  registerWellFormedText(app);
  // Security headers on every answer, pages, assets and API alike (issue 16 §2).
  await app.register(fastifyHelmet, { global: true, ...SECURITY_HEADERS });
  // Reads and sets the web app's refresh-token cookie (REFRESH_COOKIE, auth routes); nothing else uses cookies.
  await app.register(fastifyCookie);
  await app.register(accessPlugin, {
    authenticate: (token) => services.sessions.authenticate(token),
    redeemTicket: (ticket) => services.sessions.redeemSocketTicket(ticket),
  });
  await app.register(fastifyRateLimit, { global: false, errorResponseBuilder: () => new AppError('RATE_LIMITED') });
  await app.register(fastifyMultipart, MULTIPART_OPTIONS);
  // WebSocket routes (download progress); a message larger than this is not ours to read.
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Patlas API', version: config.version } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // --- the domains: each area (composition/*.ts) lists its domains' routes plugins with their prefix and options ---
  for (const routes of context.routes) await routes.register(app);

  // --- the built web app and its client-side routes: unknown non-API GETs answer index.html ---
  // The build folder is read per request (wildcard route), not listed once at start: a rebuild
  // beside a running server is served as soon as it is written (issue 14), and the web build
  // keeps the previous builds' hashed assets so pages opened before it still load their chunks.
  // The web build writes a brotli (.br) and a gzip (.gz) copy beside each file (apps/web/vite.config.ts):
  // preCompressed sends the copy the request accepts (brotli first) with Content-Encoding and
  // Vary: Accept-Encoding, the file itself otherwise.
  const indexHtml = path.join(config.web.dist, 'index.html');
  await app.register(fastifyStatic, {
    root: config.web.dist,
    wildcard: true,
    preCompressed: true,
    index: ['index.html'],
    cacheControl: false,
    setHeaders: (reply, filePath) => reply.header('cache-control', webCacheControl(filePath)),
  });
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname.startsWith('/api/') || pathname === '/api';
    // A missing script or image must fail as such; answering index.html would hide a stale build.
    const isAsset = pathname.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(pathname);
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (!isApi && !isAsset && isPageRequest && existsSync(indexHtml)) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return sendRouteNotFound(request, reply);
  });

  // --- shutdown: a running indexing stops before the worker waits for it; then mail, engine, database ---
  app.addHook('preClose', async () => context.imageIndex.stop());
  // An operator's import stops between two batches (what it stored stays) and is marked interrupted.
  app.addHook('preClose', async () => services.dataImport.stop());
  app.addHook('preClose', async () => context.jobs.worker.stop());
  // A reset mail answered before it was sent is still sent (or given up) before the mailer closes.
  app.addHook('preClose', async () => services.registration.settled());
  app.addHook('onClose', async () => {
    context.mailer.close();
    await context.sheets.close();
    await context.imageIndex.close();
    // Once the queued index writes end: the next start skips its verify if nothing is written meanwhile.
    await withIndexWrites(context, () => markInStep(context)).catch((err: unknown) =>
      app.log.warn({ err }, 'could not mark the search index in step'),
    );
    await context.cpu.close();
    await context.engine.close();
    await context.database.close();
  });
  await app.ready();
  return { app, context, demoAccount };
}

/** Fastify's request log serializer, with the secrets of the URL masked (issue 16 §2). */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: urlForLog(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Fastify's trustProxy from TRUST_PROXY. A hop count becomes "trust the n nearest hops" (Fastify 5
 * refuses a bare number, since a client reaching the server directly could then write its own
 * address): it is right only when the server is reachable through its proxies alone, which the
 * README says; a list of the proxies' addresses/CIDRs holds either way.
 */
function trustProxyOption(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/**
 * The security headers (@fastify/helmet). The CSP fits the built web app: its scripts are files
 * of its own origin (the Vite build inlines none); antd writes its CSS-in-JS as <style> tags and
 * style attributes ('unsafe-inline' styles); captchas are data: images, previews and downloads
 * blob: URLs (a report's PDF previewed in a blob: frame); ECharts draws on canvas. Swagger UI at /api/docs loads its own files only. No
 * upgrade-insecure-requests: an installation served over plain http on a LAN must keep working.
 */
export const SECURITY_HEADERS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'worker-src': ["'self'", 'blob:'],
      'object-src': ["'none'"],
      // The report preview shows its PDF in an iframe from a blob: URL.
      'frame-src': ["'self'", 'blob:'],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'self'"],
    },
  },
  // Sent over https only matters there; a company domain's other hosts are not ours to pin.
  strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
};

/**
 * index.html names the current build's chunks, so the browser asks each time whether it changed;
 * the hashed files under assets/ never change and are kept for a year.
 */
function webCacheControl(filePath: string): string {
  return /[\\/]assets[\\/]/.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}
