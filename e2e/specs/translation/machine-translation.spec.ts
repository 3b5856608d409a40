import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, SCREENSHOT_DIR } from '../../fixtures/browser.js';
import { apiLogin, DEMO, newSignedInPage, type ApiSession } from '../../fixtures/auth.js';
import { startServer, type RunningServer } from '../../fixtures/server.js';

const runBrowser = hasChromium();

/** A LibreTranslate-compatible service on 127.0.0.1 that marks what it "translated". */
async function startFakeLibreTranslate(): Promise<{ url: string; server: Server; texts: string[] }> {
  const texts: string[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (part: Buffer) => (raw += part.toString('utf8')));
    req.on('end', () => {
      const body = JSON.parse(raw) as { q: string; target: string };
      texts.push(body.q);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ translatedText: `【${body.target}】${body.q.slice(0, 80)}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, texts };
}

describe.runIf(runBrowser)('[TRANSLATION]: machine translation of an abstract', () => {
  let fake: Awaited<ReturnType<typeof startFakeLibreTranslate>>;
  let server: RunningServer;
  let browser: Browser;
  let session: ApiSession;

  beforeAll(async () => {
    fake = await startFakeLibreTranslate();
    server = await startServer({ env: { TRANSLATE_URL: fake.url, TRANSLATE_KIND: 'libretranslate' } });
    browser = await launchBrowser();
    session = await apiLogin(server.baseUrl, DEMO.email, DEMO.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise<void>((resolve) => fake?.server.close(() => resolve()));
  });

  it('translates an English abstract into Chinese through the configured service', async () => {
    const page = await newSignedInPage(browser, server.baseUrl, session, {
      viewport: { width: 1366, height: 900 },
      locale: 'zh-CN',
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // A pyGrams grant: an English abstract and no Chinese translation in the record.
    await page.goto(`${server.baseUrl}/innovationSpace/searchDetail?pn=US6836996`);
    const button = page.getByRole('button', { name: '机器翻译' });
    // the first detail page of a fresh server can be slow on a busy machine
    await button.waitFor({ state: 'visible', timeout: 60_000 });
    await button.click();
    await page.getByText('【zh】').first().waitFor({ state: 'visible', timeout: 30_000 });
    expect(fake.texts).toHaveLength(1);
    expect(fake.texts[0]!.length).toBeGreaterThan(20);
    expect(await page.getByText('机器译文').count()).toBe(1);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'machine-translation-zh.png'), fullPage: false });
    expect(errors).toEqual([]);
    await page.close();
  });
});
