import { hasPermission, SYS_PERMISSION, type LoginType, type PermissionRule } from '@patlas/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';

/**
 * Who may call a route. Every route under /api declares one in `config: { access }`:
 * - 'public': anyone, no token read;
 * - 'authenticated': any valid bearer token (password, IP visitor or personal API token);
 * - a PermissionRule (contracts/auth.ts): the caller's menu must satisfy it (exact, any-of list, contains).
 */
export type RouteAccess = 'public' | 'authenticated' | PermissionRule;

/** The caller, resolved from the bearer token before the route's validation runs. */
export interface AuthContext {
  /** null for IP-login visitors */
  userId: string | null;
  tenantId: string;
  email: string | null;
  loginType: LoginType;
  /** the union of the caller's roles' permissions (IP visitors: the tenant's IP roles) */
  permissions: string[];
  /** null for personal API tokens */
  sessionId: string | null;
  /** set when the caller used a personal API token */
  apiTokenId: string | null;
}

export type AccountAuthContext = AuthContext & { userId: string; email: string };

/** One declared route, as the access plugin saw it registered. */
export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its declared access (the route-table test walks it). */
    routeAccess: RouteAccessEntry[];
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * A browser cannot set headers on a WebSocket (/download/progress/{id}): such a route also takes
     * a single-use ticket as `?ticket=` (POST /api/platform/platform/socket/ticket). A token in the
     * URL (`?token=`) is refused (issue 41: proxies and access logs keep URLs).
     */
    ticketInQuery?: boolean;
  }
  interface FastifyRequest {
    /**
     * Set on every route whose access is not 'public' (the hook refuses the request otherwise).
     * On public routes it is null: read it there through optionalAuth().
     */
    auth: AuthContext;
  }
}

export interface AccessPluginOptions {
  /** Bearer token → caller; throws AppError UNAUTHORIZED / TOKEN_EXPIRED / SESSION_CROWDED_OUT. */
  authenticate: (token: string) => Promise<AuthContext>;
  /** A websocket ticket → caller, using it up; throws AppError UNAUTHORIZED (routes with ticketInQuery). */
  redeemTicket?: (ticket: string) => Promise<AuthContext>;
}

/** Paths that register their own routes without our config (swagger-ui's static files and JSON). */
const EXEMPT_PREFIXES = ['/api/docs'];

export function isAccessExempt(url: string): boolean {
  return EXEMPT_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));
}

export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** A query parameter of the request, when given and not empty. */
function queryParamOf(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** The caller of a request: the bearer header, or on a websocket route a ticket (never a token in the URL). */
async function callerOf(request: FastifyRequest, options: AccessPluginOptions): Promise<AuthContext> {
  const takesTicket = request.routeOptions.config.ticketInQuery === true;
  if (takesTicket && queryParamOf(request, 'token') !== undefined) throw new AppError('UNAUTHORIZED');
  const bearer = bearerTokenOf(request);
  if (bearer) return options.authenticate(bearer);
  const ticket = takesTicket ? queryParamOf(request, 'ticket') : undefined;
  if (ticket && options.redeemTicket) return options.redeemTicket(ticket);
  throw new AppError('UNAUTHORIZED');
}

/**
 * The access mechanism. onRoute: a route under /api without a declared access stops the start-up
 * (no route can be added without a rule). onRequest (before body/params validation, so an
 * anonymous caller learns nothing about the route's input): resolves the token and checks the rule.
 */
export const accessPlugin = fp<AccessPluginOptions>(
  async (app: FastifyInstance, options) => {
    app.decorateRequest('auth', null as unknown as AuthContext);
    const routeAccess: RouteAccessEntry[] = [];
    app.decorate('routeAccess', routeAccess);

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api') || isAccessExempt(route.url)) return;
      const access = (route.config as { access?: RouteAccess } | undefined)?.access;
      if (access === undefined) {
        throw new Error(
          `Route ${String(route.method)} ${route.url} declares no access: add config: { access: 'public' | 'authenticated' | <permission rule> }`,
        );
      }
      for (const method of [route.method].flat()) routeAccess.push({ method, url: route.url, access });
    });

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      if (access === undefined || access === 'public') return;
      const auth = await callerOf(request, options);
      request.auth = auth;
      if (access === 'authenticated') return;
      if (!hasPermission(auth.permissions, access)) throw new AppError('FORBIDDEN');
      // The operators' permission counts for accounts only: operators' routes act on accounts and on
      // the corpus, and an IP visitor whose tenant's IP roles carry /sys could import data and read
      // the audit log (issue 41). Such a visitor is asked to sign in, as requireUser does.
      if (!isAccount(auth) && !hasPermission(withoutOperatorPermission(auth.permissions), access)) {
        throw new AppError('LOGIN_REQUIRED');
      }
    });
  },
  { name: 'patlas-access' },
);

function isAccount(auth: AuthContext): boolean {
  return auth.userId !== null && auth.email !== null && auth.loginType !== 'ip';
}

function withoutOperatorPermission(permissions: readonly string[]): string[] {
  return permissions.filter((p) => p !== SYS_PERMISSION);
}

/** The caller on a public route, when one is signed in (null otherwise). */
export function optionalAuth(request: FastifyRequest): AuthContext | null {
  return (request.auth as AuthContext | null) ?? null;
}

/**
 * The caller as a real account: IP-login visitors are refused with LOGIN_REQUIRED (401), e.g.
 * for saving custom config or creating API tokens (spec 1 §4: "IP-login users are not treated as
 * normal logged-in users").
 */
export function requireUser(request: FastifyRequest): AccountAuthContext {
  const auth = optionalAuth(request);
  if (!auth) throw new AppError('UNAUTHORIZED');
  if (!isAccount(auth)) throw new AppError('LOGIN_REQUIRED');
  return auth as AccountAuthContext;
}
