import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import type { SysJob } from '@patlas/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from '../../fixtures/browser.js';
import { ADMIN, apiCall, apiLogin, newSignedInPage, type ApiSession } from '../../fixtures/auth.js';
import { chooseOption, shot } from '../../fixtures/page.js';
import { signedInSpec } from '../../fixtures/spec.js';

const runBrowser = hasChromium();
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** A design patent of the shipped demo corpus and one of its drawing sheets. */
const DEMO_PATENT_DIR = path.join(REPO_ROOT, 'data/demo/us-design-drawings/USD0907292-20210105');

/** The machine is shared and often busy: generous limits for each step and each test. */
const STEP_TIMEOUT_MS = 90_000;
const TEST_TIMEOUT_MS = 900_000;
/** Indexing the demo drawings (about 400) takes one to a few minutes. */
const INDEX_TIMEOUT_MS = 600_000;

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: STEP_TIMEOUT_MS, interval: 250 });

async function openPage(browser: Browser, baseUrl: string, session: ApiSession, locale: string): Promise<Page> {
  const page = await newSignedInPage(browser, baseUrl, session, {
    viewport: { width: 1366, height: 900 },
    locale,
  });
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  return page;
}

/**
 * Opens a page of the app and waits for `selector`. Loads again (at most twice) when the page did
 * not come up: on a developer machine the shared web build may be rebuilt while the spec runs.
 */
async function openApp(page: Page, url: string, selector: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await page.goto(url);
    try {
      await page.locator(selector).first().waitFor({ timeout: 30_000 });
      return;
    } catch (err) {
      await shot(page, `image-search-load-attempt-${attempt}.png`);
      if (attempt >= 3) throw err;
    }
  }
}

/**
 * Waits until no image-index job is queued or running, and answers the one that indexed the
 * drawings. On a copy of the run's prepared data folder that job ran before this server started;
 * the start's own job then finds nothing new (indexed 0).
 */
async function waitForImageIndex(baseUrl: string, admin: ApiSession): Promise<SysJob> {
  const deadline = Date.now() + INDEX_TIMEOUT_MS;
  for (;;) {
    const jobs = await apiCall<SysJob[]>(
      baseUrl,
      admin.tokens.access_token,
      'GET',
      '/product/sys/jobs?kind=image-index&limit=20',
    );
    const isBusy = jobs.some((j) => j.status === 'queued' || j.status === 'running');
    const done = jobs.find((j) => j.status === 'done' && ((j.result as { indexed?: number } | null)?.indexed ?? 0) > 0);
    if (!isBusy && done) return done;
    if (Date.now() > deadline) throw new Error(`image index not ready: ${JSON.stringify(jobs)}`);
    await new Promise((r) => setTimeout(r, 2000));
  }
}

describe.runIf(runBrowser)('[SEARCH][IMAGE]: image search', () => {
  const spec = signedInSpec();
  let upload: string;

  beforeAll(async () => {
    // A user's copy of sheet 2 of the demo patent: half the size, turned 90°, saved as JPEG.
    const sheet = readdirSync(DEMO_PATENT_DIR).find((name) => /-D00002\.TIF$/i.test(name))!;
    const source = path.join(DEMO_PATENT_DIR, sheet);
    const { width = 0 } = await sharp(source).metadata();
    const copy = await sharp(
      await sharp(source)
        .resize(Math.round(width / 2))
        .png()
        .toBuffer(),
    )
      .rotate(90)
      .jpeg({ quality: 70 })
      .toBuffer();
    upload = path.join(mkdtempSync(path.join(os.tmpdir(), 'patlas-e2e-img-')), 'razor-copy.jpg');
    writeFileSync(upload, copy);
  });

  it(
    '[SEARCH][IMAGE]: an altered drawing finds its own patent first; the history opens and clears it',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const admin = await apiLogin(spec.server.baseUrl, ADMIN.email, ADMIN.password);
      const job = await waitForImageIndex(spec.server.baseUrl, admin);
      expect((job.result as { indexed: number }).indexed).toBeGreaterThan(300);

      const page = await openPage(spec.browser, spec.server.baseUrl, spec.session, 'zh-CN');
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await openApp(page, `${spec.server.baseUrl}/search/img`, '.image-search-page');
      // The page is in the header menu beside the other searches (on a narrow screen, in its overflow).
      await poll(() => page.locator('.ant-menu a[href="/search/img"]').count()).toBeGreaterThan(0);

      // A wrong type is refused in the browser with the server's words.
      const input = page.locator('.image-search-page input[type="file"]');
      await input.setInputFiles({ name: 'notes.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
      await page.getByText('图片格式不正确，仅支持 jpg、jpeg、png 格式').waitFor();

      await input.setInputFiles(upload);
      await page.getByRole('img', { name: '待检索的图片' }).waitFor();
      await shot(page, 'image-search-upload.png');
      await page
        .locator('.image-search-page .ant-card')
        .first()
        .getByRole('button', { name: /检\s*索$/ })
        .click();

      const grid = page.getByRole('list', { name: '相似专利' });
      await grid.waitFor();
      await page.waitForURL((url) => url.pathname === '/search/img' && !!url.searchParams.get('key'));
      const first = grid.getByRole('listitem').first();
      await poll(() => first.locator('.image-result-number').textContent()).toMatch(/D0*907292/);
      // The best drawing is shown (loaded, not a broken image).
      await poll(() =>
        first.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      ).toBe(true);
      // Rank and calibrated band, the raw score only in a tooltip (issue 43 item 9): no percentage on a card.
      await poll(() => first.locator('.image-result-rank').textContent()).toBe('第 1 名');
      await poll(() => first.locator('.image-result-band').textContent()).toMatch(/^(非常相似|相似)$/);
      await poll(() => first.locator('.image-result-locarno').textContent()).toBe('洛迦诺 28-03');
      expect(await grid.textContent()).not.toMatch(/%/);
      // A hover that lands while the cards are drawn again is lost (CI): hover until the tooltip shows.
      const rawScore = page.getByText(/^原始分数 0\.\d{3}（图像特征的余弦值，不是百分比）$/);
      await poll(async () => {
        await first.locator('.image-result-band').hover();
        return rawScore.waitFor({ timeout: 2_000 }).then(
          () => true,
          () => false,
        );
      }).toBe(true);
      await shot(page, 'image-search-results.png', true);

      // Locarno class 14 chosen on the shown result: ranked again among class-14 patents only.
      const locarno = page.getByRole('combobox', { name: '洛迦诺分类' });
      await locarno.click();
      await locarno.fill('录音');
      await page.getByText('14 录音、通信或信息再现设备', { exact: true }).click();
      await page.keyboard.press('Escape');
      await page.getByText(/^已比对筛选后的 \d+ 幅附图（共 \d+ 幅）$/).waitFor();
      await poll(async () =>
        (await grid.locator('.image-result-locarno').allTextContents()).every((l) => /洛迦诺 14-/.test(l)),
      ).toBe(true);
      await poll(() => grid.getByText(/D0*907292/).count()).toBe(0);
      await shot(page, 'image-search-filtered-zh.png', true);

      // The number opens the detail page.
      const key = new URL(page.url()).searchParams.get('key')!;
      await first.locator('.image-result-number').click();
      await page.waitForURL((url) => url.pathname !== '/search/img');

      // The result is a deep link: opened again in a new page, from the history too.
      const again = await openPage(spec.browser, spec.server.baseUrl, spec.session, 'en-US');
      await openApp(again, `${spec.server.baseUrl}/search/img?key=${encodeURIComponent(key)}`, '.image-result-card');
      await again.getByText('English', { exact: true }).click();
      await again.getByText(/^Similar patents \(\d+\)$/).waitFor();
      // The deep link keeps the filter: the Locarno select shows class 14, the cards are its patents.
      await again.getByText(/^Compared with the \d+ drawings the filters leave \(of \d+\)$/).waitFor();
      await again.locator('.image-search-locarno').getByText(/^14 /).waitFor();
      await again.locator('.image-result-band').first().waitFor();
      const history = again.locator('.ant-card', { hasText: 'Image search history' });
      await history.getByText('razor-copy.jpg').waitFor();
      await shot(again, 'image-search-history-en.png', true);

      // Clearing asks first, then empties the history; the link stops opening.
      // Confirmed again if a click on the confirmation sliding in took no effect (seen on a loaded machine).
      await chooseOption({
        open: () => history.getByRole('button', { name: /Clear history/ }).click(),
        option: again.locator('.ant-popconfirm').getByRole('button', { name: 'Clear', exact: true }),
        chosen: () => history.getByText('No image searches yet').isVisible(),
      });
      const listed = await apiCall<{ items: unknown[] }>(
        spec.server.baseUrl,
        spec.session.tokens.access_token,
        'POST',
        '/product/image/history/list',
        {},
      );
      expect(listed.items).toEqual([]);
      await again.goto(`${spec.server.baseUrl}/search/img?key=${encodeURIComponent(key)}`);
      await again.getByText('This image search has expired; please upload the image again').waitFor();
      expect(errors).toEqual([]);
    },
  );
});
