import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpecialTopicCard } from '@patlas/contracts';
import { hasChromium, launchBrowser } from '../../fixtures/browser.js';
import { ADMIN, apiCall, apiLogin, newSignedInPage, type ApiSession } from '../../fixtures/auth.js';
import { resultTotal, shot, watchRefusals } from '../../fixtures/page.js';
import { startServer, type RunningServer } from '../../fixtures/server.js';

const runBrowser = hasChromium();

/** The machine is shared and often busy: generous limits for each step and each test. */
const STEP_TIMEOUT_MS = 90_000;
const TEST_TIMEOUT_MS = 600_000;
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: STEP_TIMEOUT_MS, interval: 250 });

type Locale = 'zh-CN' | 'en-US';

/** What the flow clicks and reads, per interface language (apps/web/src/i18n/<locale>/specialTopics.json, home.json). */
const TEXTS = {
  'zh-CN': {
    add: '新建专题',
    nameZh: '中文名称',
    nameEn: '英文名称',
    expression: '检索式',
    save: '保存',
    name: '电池散热（测试）',
    nameEnValue: 'Cooling of batteries (zh test)',
    expressionValue: 'TIABC=(电池 AND 散热)',
  },
  'en-US': {
    add: 'New topic',
    nameZh: 'Chinese name',
    nameEn: 'English name',
    expression: 'Search expression',
    save: 'Save',
    name: '电池散热（英）',
    nameEnValue: 'Battery cooling',
    expressionValue: 'TIABC=(battery AND cooling)',
  },
} as const;

describe.runIf(runBrowser)(
  '[TOPICS]: an operator creates a special topic; the home page shows it and opens its results',
  () => {
    let server: RunningServer;
    let browser: Browser;
    let admin: ApiSession;

    beforeAll(async () => {
      server = await startServer();
      browser = await launchBrowser();
      admin = await apiLogin(server.baseUrl, ADMIN.email, ADMIN.password);
    }, TEST_TIMEOUT_MS);
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    async function openPage(locale: Locale): Promise<Page> {
      return newSignedInPage(browser, server.baseUrl, admin, {
        viewport: { width: 1366, height: 900 },
        locale,
        language: locale === 'en-US' ? 'en' : undefined,
      });
    }

    it.each(['zh-CN', 'en-US'] as const)(
      '[%s] creates a topic in /sys/specialTopics, sees its count on /home and opens its result page with that total',
      async (locale) => {
        const text = TEXTS[locale];
        const page = await openPage(locale);
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        const why = watchRefusals(page);

        // The operator adds the topic; a wrong expression is refused first with the query language's message.
        await page.goto(`${server.baseUrl}/sys/specialTopics`);
        await page.getByRole('button', { name: text.add }).click();
        const dialog = page.locator('.ant-modal');
        await dialog.getByLabel(text.nameZh).fill(text.name);
        await dialog.getByLabel(text.nameEn).fill(text.nameEnValue);
        await dialog.getByLabel(text.expression).fill('TIABC=(电池 AND');
        await dialog.getByRole('button', { name: text.save }).click();
        await dialog.locator('.ant-form-item-explain-error').waitFor({ timeout: STEP_TIMEOUT_MS });
        await shot(page, `topics-refused-${locale}.png`);
        await dialog.getByLabel(text.expression).fill(text.expressionValue);
        await dialog.getByRole('button', { name: text.save }).click();
        // The table's cell (the dialog's text area holds the same text).
        await page
          .locator('.ant-table')
          .getByText(text.expressionValue, { exact: true })
          .waitFor({ timeout: STEP_TIMEOUT_MS })
          .catch(why.explain);
        await dialog.waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS }).catch(why.explain);
        await shot(page, `topics-sys-${locale}.png`);

        // The home page shows the card with the count the server computes for it.
        const cards = await apiCall<SpecialTopicCard[]>(
          server.baseUrl,
          admin.tokens.access_token,
          'POST',
          '/product/indexPage/getSpecialTopicInfo',
        );
        const card = cards.find((c) => c.expression === text.expressionValue);
        expect(card?.count).toBeGreaterThan(0);
        await page.goto(`${server.baseUrl}/home`);
        const shownName = locale === 'en-US' ? text.nameEnValue : text.name;
        const link = page
          .locator('.home-topic-link')
          .filter({ has: page.locator('.ant-card-meta-title').getByText(shownName, { exact: true }) });
        await link.waitFor({ timeout: STEP_TIMEOUT_MS });
        const countText = await link.locator('.home-topic-count').innerText();
        const shownCount = Number(countText.replace(/[^\d]/g, ''));
        expect(shownCount).toBe(card!.count);
        await link.scrollIntoViewIfNeeded();
        await shot(page, `topics-home-${locale}.png`);

        // The card opens the result page of its expression, whose total is the card's count.
        await link.click();
        await page.waitForURL(/\/innovationSpace\/searchResult\?/);
        expect(new URL(page.url()).searchParams.get('q')).toBe(text.expressionValue);
        await poll(() => resultTotal(page)).toBe(card!.count);
        await shot(page, `topics-result-${locale}.png`);
        expect(errors).toEqual([]);
        await page.close();
      },
      TEST_TIMEOUT_MS,
    );

    it(
      '[zh-CN] imports an award CSV (a refused line reported), finds AWARD=金奖 and shows the award on the detail page',
      async () => {
        const page = await openPage('zh-CN');
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        // Fixture awards on two demo corpus numbers (not real award data: docs/awards.md).
        const csv = [
          '公开号,奖项,年份',
          'CN 114171823 A,中国专利金奖,2021',
          'cn114006077a,中国专利优秀奖,2020',
          'x,金奖,2021',
        ];
        await page.goto(`${server.baseUrl}/sys/awards`);
        await page
          .locator('input[type="file"]')
          .setInputFiles({ name: 'awards.csv', mimeType: 'text/csv', buffer: Buffer.from(csv.join('\n')) });
        await page.getByText('未导入 1 行', { exact: false }).waitFor({ timeout: STEP_TIMEOUT_MS });
        await page.getByText('不是有效的公开号或申请号').waitFor();
        await shot(page, 'awards-import-zh-CN.png');

        await page.goto(`${server.baseUrl}/innovationSpace/searchResult?q=${encodeURIComponent('AWARD=金奖')}`);
        await poll(() => resultTotal(page)).toBe(1);
        await page.goto(`${server.baseUrl}/innovationSpace/searchDetail?pn=CN114171823A`);
        await page
          .locator('.patent-award-tag')
          .getByText('中国专利金奖（2021年）')
          .waitFor({ timeout: STEP_TIMEOUT_MS });
        await shot(page, 'awards-detail-zh-CN.png');
        expect(errors).toEqual([]);
        await page.close();
      },
      TEST_TIMEOUT_MS,
    );
  },
);
