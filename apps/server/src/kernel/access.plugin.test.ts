// The app.swagger() declaration (the app registers @fastify/swagger).
import type {} from '@fastify/swagger';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, reachableDialects, type AuthHeader } from '../../test/helpers.js';
import { accessPlugin, type RouteAccessEntry } from './access.plugin.js';

const dialects = await reachableDialects();

/** The path with every :param filled by a dummy value. */
function concretePath(url: string): string {
  return url.replace(/:([A-Za-z_]\w*)/g, 'dummy-$1');
}

describe('the access mechanism', () => {
  it('stops the start when an /api route declares no access', async () => {
    const app = Fastify();
    await app.register(accessPlugin, { authenticate: () => Promise.reject(new Error('unused')) });
    // As in buildApp: the route comes from a domain plugin, and registering it fails.
    const registering = app.register(
      async (scoped) => {
        scoped.get('/forgotten', async () => 'x');
      },
      { prefix: '/api/product' },
    );
    await expect(registering).rejects.toThrow(/GET \/api\/product\/forgotten declares no access/);
  });

  it('lets routes outside /api and under /api/docs go without a declaration', async () => {
    const app = Fastify();
    await app.register(accessPlugin, { authenticate: () => Promise.reject(new Error('unused')) });
    app.get('/not-api', async () => 'x');
    app.get('/api/docs/static/x.js', async () => 'x');
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });
});

describe.each(dialects)('every /api route is gated on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let noPermissions: AuthHeader;
  let routes: RouteAccessEntry[];

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    noPermissions = await authHeader(t, []);
    routes = t.app.routeAccess.filter((r) => r.method !== 'HEAD');
  });
  afterAll(async () => t.close());

  it('has a declared access for every /api route it serves', () => {
    // The OpenAPI document lists every route independently of the access plugin.
    const spec = t.app.swagger() as { paths: Record<string, unknown> };
    const served = Object.keys(spec.paths)
      .map((path) => path.replace(/\{(\w+)\}/g, ':$1'))
      .filter((url) => url.startsWith('/api') && !url.startsWith('/api/docs'));
    expect(served.length).toBeGreaterThan(10);
    const declared = new Set(routes.map((r) => r.url));
    for (const url of served) expect(declared.has(url), url).toBe(true);
    // spot checks of the rules the brief fixes
    const accessOf = (method: string, url: string) => routes.find((r) => r.method === method && r.url === url)?.access;
    expect(accessOf('GET', '/api/health')).toBe('public');
    expect(accessOf('GET', '/api/product/patent/drawing/:file')).toBe('public');
    expect(accessOf('GET', '/api/product/patent/detail')).toBe('/search/detail');
    expect(accessOf('POST', '/api/product/patent/drawings')).toEqual(['/search/detail', '/search/result']);
    expect(accessOf('POST', '/api/platform/data/search/query')).toEqual(['/search/quick', '/search/result']);
    expect(accessOf('GET', '/api/product/sys/users')).toBe('/sys');
  });

  it('answers 401 without a token and 403 without the permission, before validating the input', async () => {
    const gated = routes.filter((r) => r.access !== 'public');
    expect(gated.length).toBeGreaterThan(10);
    for (const route of gated) {
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      const url = concretePath(route.url);
      const anonymous = await t.app.inject({ method, url });
      expect([anonymous.statusCode, anonymous.json().data?.code], `${method} ${url}`).toEqual([401, 'UNAUTHORIZED']);
      const bad = await t.app.inject({ method, url, headers: { authorization: 'Bearer not-a-token' } });
      expect(bad.statusCode, `${method} ${url} with a bad token`).toBe(401);
      if (route.access === 'authenticated') continue;
      const forbidden = await t.app.inject({ method, url, headers: noPermissions });
      expect(forbidden.statusCode, `${method} ${url} without permission`).toBe(403);
      expect(forbidden.json()).toEqual({ status: 0, message: '暂无权限，请联系管理员', data: { code: 'FORBIDDEN' } });
    }
    const en = await t.app.inject({
      method: 'GET',
      url: '/api/product/sys/users',
      headers: { ...noPermissions, 'accept-language': 'en' },
    });
    expect(en.json().message).toBe('No permission, please contact administrator');
  });
});
