import { ENDPOINTS, type Endpoint } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/helpers.js';
import { API_BASE_PATH } from './kernel/route.js';

/**
 * Issue 42, endpoints defined once: every route the server answers under /api has one definition in
 * @patlas/contracts, and no two definitions share a method and path. The web app calls them through
 * the same definitions (api/endpoint-call.ts; ESLint refuses a server path written in web code).
 */
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const keyOf = (method: string, url: string) => `${method} ${url.replace(/:([A-Za-z0-9_]+)/g, ':$1')}`;

const definitions: { name: string; key: string }[] = Object.entries(ENDPOINTS).flatMap(([domain, endpoints]) =>
  Object.entries(endpoints as Record<string, Endpoint>).map(([name, endpoint]) => ({
    name: `${domain}.${name}`,
    key: keyOf(endpoint.method, API_BASE_PATH + endpoint.path),
  })),
);

describe('endpoints defined once', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let routes: Set<string>;

  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    await t.app.ready();
    // HEAD follows GET; an `app.all` route also lists methods no endpoint uses (OPTIONS, TRACE…).
    routes = new Set(t.app.routeAccess.filter((r) => METHODS.has(r.method)).map((r) => keyOf(r.method, r.url)));
  });
  afterAll(async () => t.close());

  it('has no two definitions with the same method and path', () => {
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const { name, key } of definitions) {
      const earlier = seen.get(key);
      if (earlier) clashes.push(`${key}: ${earlier} and ${name}`);
      seen.set(key, name);
    }
    expect(clashes).toEqual([]);
  });

  it('registers a route for every definition', () => {
    expect(definitions.filter(({ key }) => !routes.has(key)).map(({ name, key }) => `${name}: ${key}`)).toEqual([]);
  });

  it('has a definition for every route', () => {
    const defined = new Set(definitions.map((d) => d.key));
    expect([...routes].filter((key) => !defined.has(key)).sort()).toEqual([]);
  });
});
