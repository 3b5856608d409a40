import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testConfig } from '../test/helpers.js';
import { loadConfig } from './config.js';

/** index.html as the Vite build writes it: module scripts and styles of its own origin, nothing inline. */
const BUILT_INDEX = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <title>Patlas</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

function directivesOf(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'patlas-web-'));
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    writeFileSync(path.join(dist, 'index.html'), BUILT_INDEX);
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
    t = await buildTestApp('sqlite', { web: { ...testConfig().web, dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('the page, an asset, an API answer and an API error carry them', async () => {
    const answers = {
      page: await t.app.inject({ method: 'GET', url: '/' }),
      route: await t.app.inject({ method: 'GET', url: '/home' }),
      asset: await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' }),
      api: await t.app.inject({ method: 'GET', url: '/api/health' }),
      apiError: await t.app.inject({ method: 'POST', url: '/api/product/history/list', payload: {} }),
      notFound: await t.app.inject({ method: 'GET', url: '/api/nope' }),
    };
    expect(answers.page.statusCode).toBe(200);
    expect(answers.api.statusCode).toBe(200);
    expect(answers.apiError.statusCode).toBe(401);
    for (const [name, res] of Object.entries(answers)) {
      expect(res.headers['content-security-policy'], name).toBeTypeOf('string');
      expect(res.headers['x-content-type-options'], name).toBe('nosniff');
      expect(res.headers['x-frame-options'], name).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], name).toBe('no-referrer');
      expect(res.headers['strict-transport-security'], name).toBe('max-age=15552000');
      expect(res.headers['cross-origin-opener-policy'], name).toBe('same-origin');
      expect(res.headers['x-powered-by'], name).toBeUndefined();
    }
  });

  it('the CSP lets the built app run: its own scripts, inline styles (antd), data:/blob: images; nothing else', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    const csp = directivesOf(String(page.headers['content-security-policy']));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    // A LAN installation on plain http must not have its requests upgraded to https.
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    // What the page loads is all of its own origin and nothing is inline, so script-src 'self' holds.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    for (const [, url] of page.body.matchAll(/(?:src|href)="([^"]+)"/g)) expect(url).toMatch(/^\/[^/]/);
  });
});

describe('HTTP timeouts', () => {
  it('are configurable, with defaults that protect the server', () => {
    const defaults = loadConfig({});
    expect(defaults.http).toEqual({
      requestTimeoutMs: 900_000,
      connectionTimeoutMs: 300_000,
      keepAliveTimeoutMs: 72_000,
    });
    const set = loadConfig({
      HTTP_REQUEST_TIMEOUT_MS: '60000',
      HTTP_CONNECTION_TIMEOUT_MS: '0',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '5000',
    });
    expect(set.http).toEqual({ requestTimeoutMs: 60_000, connectionTimeoutMs: 0, keepAliveTimeoutMs: 5000 });
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_MS: 'soon' })).toThrow(/HTTP_REQUEST_TIMEOUT_MS/);
  });

  it('a client that never finishes its request is answered 408 and disconnected', async () => {
    const http = { requestTimeoutMs: 1000, connectionTimeoutMs: 60_000, keepAliveTimeoutMs: 5000 };
    const t = await buildTestApp('sqlite', { http });
    try {
      expect(t.app.server.requestTimeout).toBe(1000);
      expect(t.app.server.timeout).toBe(60_000);
      expect(t.app.server.keepAliveTimeout).toBe(5000);
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = t.app.server.address() as net.AddressInfo;
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      // Headers begun, never finished: a slowloris client.
      socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
      await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      await t.close();
    }
  });
});
