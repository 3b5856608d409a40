import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser } from '../../fixtures/browser.js';
import { apiCall, apiLogin, DEMO, newSignedInPage, type ApiSession } from '../../fixtures/auth.js';
import { shot, totalOf } from '../../fixtures/page.js';
import { startServer, type RunningServer } from '../../fixtures/server.js';

const runBrowser = hasChromium();

/** The machine is shared and often busy: generous limits for each step and each test. */
const STEP_TIMEOUT_MS = 90_000;
const TEST_TIMEOUT_MS = 600_000;

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: STEP_TIMEOUT_MS, interval: 250 });

/** A paragraph of a disclosure about lithium-battery electrodes, as a user would paste it. */
const PARAGRAPH =
  '本发明涉及锂离子电池技术领域，具体涉及一种锂电池负极片及其制备方法。负极片包括集流体和涂覆在集流体表面的' +
  '负极活性材料层，负极活性材料层由硅碳复合材料、导电剂和粘结剂组成，能够缓解硅在充放电过程中的体积膨胀，' +
  '提高电池的循环寿命和首次库伦效率；正极片采用三元材料，隔膜位于正极片与负极片之间。';

interface Listed {
  items: { entry: { searchContext?: string; pageType?: string; router?: string; ss_weights?: string } }[];
}

/** Waits until the server has learned its vector space (GET /api/health `semantic`). */
async function waitForVectors(baseUrl: string): Promise<void> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const res = await fetch(`${baseUrl}/api/health`);
    const body = (await res.json()) as { data: { semantic?: { model: string | null; building: boolean } } };
    if (body.data.semantic?.model && !body.data.semantic.building) return;
    if (Date.now() > deadline) throw new Error(`no vector model in time: ${JSON.stringify(body.data.semantic)}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function openPage(browser: Browser, baseUrl: string, session: ApiSession, locale: string): Promise<Page> {
  const page = await newSignedInPage(browser, baseUrl, session, { viewport: { width: 1366, height: 900 }, locale });
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  return page;
}

describe.runIf(runBrowser)('[SEARCH][SEMANTIC]: semantic search on the home page', () => {
  let server: RunningServer;
  let browser: Browser;
  let session: ApiSession;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    session = await apiLogin(server.baseUrl, DEMO.email, DEMO.password);
    // The vector space is learned from the corpus after the demo import; search once it is there.
    await waitForVectors(server.baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it(
    '[SEARCH][SEMANTIC]: a pasted paragraph finds patents, records its history, and page 2 reopens by URL',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const page = await openPage(browser, server.baseUrl, session, 'zh-CN');
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${server.baseUrl}/home?tabName=semantics`);

      const text = page.getByRole('textbox', { name: '技术描述' });
      await text.fill(PARAGRAPH);
      await poll(() => page.getByTestId('semantic-count').innerText()).toBe(`${PARAGRAPH.length} / 50,000 字`);
      await page.locator('.semantic-form').getByRole('button', { name: '语义检索' }).click();

      await page.waitForURL((url) => url.searchParams.get('tabName') === 'semantics' && url.searchParams.has('key'));
      const key = new URL(page.url()).searchParams.get('key');
      expect(new URL(page.url()).searchParams.get('page')).toBe('1');
      const total = totalOf(await page.getByTestId('semantic-total').innerText());
      expect(total).toBeGreaterThan(20);
      expect(total).toBeLessThanOrEqual(1000);
      expect(await page.getByTestId('semantic-hit').count()).toBe(20);
      const terms = await page.getByTestId('semantic-key-terms').locator('.ant-tag').allInnerTexts();
      expect(terms.some((term) => /负极|电池|硅碳/.test(term))).toBe(true);
      // The best hit is about batteries, and its title opens its detail page.
      const firstTitle = page.locator('.semantic-hit-title').first();
      expect(await firstTitle.innerText()).toMatch(/电池|负极|电极|锂/);
      expect(await firstTitle.getAttribute('href')).toMatch(/^\/innovationSpace\/searchDetail\?pn=/);
      const showResults = () =>
        page.getByTestId('semantic-results').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await showResults();
      await shot(page, 'semantic-search-results.png');
      await shot(page, 'semantic-search-results-full.png', true);

      // The search is in the history with the spec's semantic fields, and reopens this result.
      await poll(async () => {
        const listed = await apiCall<Listed>(
          server.baseUrl,
          session.tokens.access_token,
          'POST',
          '/product/history/list',
          { pageSize: 50 },
        );
        return listed.items.find((item) => item.entry.searchContext === PARAGRAPH)?.entry;
      }).toMatchObject({
        pageType: 'semantics',
        router: `/home?tabName=semantics&key=${key}&page=1`,
        ss_weights: '3,3,3,3',
      });

      // Page 2 by URL, in a fresh load: the same search, its second page, the form filled again.
      const firstPageNumbers = await page.locator('.semantic-hit-number').allInnerTexts();
      await page.goto(`${server.baseUrl}/home?tabName=semantics&key=${key}&page=2`);
      await page.locator('.semantic-hit-index').first().waitFor();
      expect(await page.locator('.semantic-hit-index').first().innerText()).toBe('21');
      const secondPageNumbers = await page.locator('.semantic-hit-number').allInnerTexts();
      expect(secondPageNumbers.length).toBeGreaterThan(0);
      expect(secondPageNumbers.filter((pn) => firstPageNumbers.includes(pn))).toEqual([]);
      expect(totalOf(await page.getByTestId('semantic-total').innerText())).toBe(total);
      await poll(() => text.inputValue()).toBe(PARAGRAPH);
      await expect.poll(() => page.locator('.semantic-pagination .ant-pagination-item-active').innerText()).toBe('2');
      await showResults();
      await shot(page, 'semantic-search-page-2.png');
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it(
    '[SEARCH][SEMANTIC]: an over-long text is kept and refused; an expired key says so in English',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const page = await openPage(browser, server.baseUrl, session, 'zh-CN');
      await page.goto(`${server.baseUrl}/home?tabName=semantics`);
      const text = page.getByRole('textbox', { name: '技术描述' });
      const long = PARAGRAPH.repeat(Math.ceil(50_010 / PARAGRAPH.length)).slice(0, 50_010);
      await text.fill(long);
      await poll(() => page.getByTestId('semantic-count').innerText()).toBe('50,010 / 50,000 字');
      await page.getByText('检索文本超出字数限制：最多 50000 个字符，当前 50010 个', { exact: false }).waitFor();
      await page.locator('.semantic-form').getByRole('button', { name: '语义检索' }).click();
      await page.waitForTimeout(500);
      expect(new URL(page.url()).searchParams.has('key')).toBe(false);
      expect((await text.inputValue()).length).toBe(50_010);
      await page.getByTestId('semantic-count').evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await shot(page, 'semantic-search-too-long.png');

      await page.getByText('English', { exact: true }).click();
      await page.goto(`${server.baseUrl}/home?tabName=semantics&key=sNoSuchKey000000&page=1`);
      await poll(() => page.getByTestId('semantic-error').innerText()).toContain(
        'This semantic search has expired, please search again',
      );
      await page.getByRole('textbox', { name: 'Technical description' }).waitFor();
      await page.getByTestId('semantic-error').evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await shot(page, 'semantic-search-expired-en.png');
      await page.close();
    },
  );
});
