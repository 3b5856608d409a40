import { copyFileSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testConfig } from '../test/helpers.js';

/** The web app's public folder: Vite copies it to the root of the build as it is. */
const WEB_PUBLIC = path.resolve(import.meta.dirname, '../../web/public');
const WEB_INDEX = path.resolve(import.meta.dirname, '../../web/index.html');

const SCRIPT = `console.log(${JSON.stringify('patlas '.repeat(200))})`;

describe('serving the built web app', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'patlas-web-'));
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Patlas</title><div id="root"></div>');
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
    // What the web build writes beside each file (vite-plugin-compression2).
    writeFileSync(path.join(dist, 'assets', 'app-abc.js'), SCRIPT);
    writeFileSync(path.join(dist, 'assets', 'app-abc.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(path.join(dist, 'assets', 'app-abc.js.gz'), gzipSync(SCRIPT));
    for (const icon of ['favicon.svg', 'favicon.png', 'favicon.ico', 'apple-touch-icon.png']) {
      copyFileSync(path.join(WEB_PUBLIC, icon), path.join(dist, icon));
    }
    t = await buildTestApp('sqlite', { web: { ...testConfig().web, dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers client-side routes with index.html, query and all', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/innovationSpace/searchResult?q=TI%3D%E7%94%B5%E6%B1%A0' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
  });

  it('has a favicon: linked from index.html and served with its type (issue 43)', async () => {
    const html = readFileSync(WEB_INDEX, 'utf8');
    expect(html).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg" />');
    expect(html).toContain('<link rel="icon" type="image/png" sizes="32x32" href="/favicon.png" />');
    const types = {
      '/favicon.svg': /^image\/svg\+xml/,
      '/favicon.png': /^image\/png/,
      '/favicon.ico': /^image\/(x-icon|vnd\.microsoft\.icon)/,
    };
    for (const [url, type] of Object.entries(types)) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(type);
    }
    const png = await t.app.inject({ method: 'GET', url: '/favicon.png' });
    expect(png.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect((await t.app.inject({ method: 'GET', url: '/favicon.svg' })).body).toContain('<svg');
  });

  it('serves built assets', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
  });

  it('serves a rebuild written beside the running server: new chunks, the new index.html, no stale cache', async () => {
    writeFileSync(path.join(dist, 'assets', 'index-rebuilt.js'), 'console.log(2)');
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Patlas</title><div id="root" data-build="2"></div>',
    );
    const chunk = await t.app.inject({ method: 'GET', url: '/assets/index-rebuilt.js' });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.body).toBe('console.log(2)');
    expect(chunk.headers['cache-control']).toMatch(/immutable/);
    for (const url of ['/', '/home', '/innovationSpace/searchResult?q=1']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('data-build="2"');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends the precompressed copy the request accepts, brotli first, with Content-Encoding and Vary', async () => {
    const url = '/assets/app-abc.js';
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toMatch(/immutable/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 4);

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    for (const headers of [{ 'accept-encoding': 'identity' }, {}]) {
      const plain = await t.app.inject({ method: 'GET', url, headers });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body).toBe(SCRIPT);
    }
  });

  it('sends the file itself when the build wrote no compressed copy of it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('console.log(1)');
  });

  it('refuses paths outside the build folder', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/..%2f..%2fetc%2fpasswd' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('root:');
  });

  it('answers 404 for a missing asset instead of the page', async () => {
    for (const url of ['/assets/index-old.js', '/favicon-missing.png']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('<div id="root">');
    }
  });

  it('answers 404 in the envelope for an unknown API path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 0 });
  });
});
