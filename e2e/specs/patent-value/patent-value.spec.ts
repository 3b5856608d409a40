import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PatentValue } from '@patlas/contracts';
import { hasChromium } from '../../fixtures/browser.js';
import { apiCall, newSignedInPage } from '../../fixtures/auth.js';
import { chooseOption, shot } from '../../fixtures/page.js';
import { signedInSpec } from '../../fixtures/spec.js';

const runBrowser = hasChromium();

/** The machine is shared and often busy: generous limits for each step and each test. */
const STEP_TIMEOUT_MS = 90_000;
const TEST_TIMEOUT_MS = 600_000;
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: STEP_TIMEOUT_MS, interval: 250 });

const EXPRESSION = 'TI=(电池)';

type Locale = 'zh-CN' | 'en-US';

/** What the flow clicks and reads, per interface language (apps/web/src/i18n/<locale>/search.json, patent.json). */
const TEXTS = {
  'zh-CN': {
    sortByValue: '专利价值度 降序',
    valueTab: '价值评估',
    score: '专利价值度',
    indicator: '被引次数（按年龄归一）',
    cohort: '对比组',
    inventors: '发明人统计',
  },
  'en-US': {
    sortByValue: 'Value score, high to low',
    valueTab: 'Value',
    score: 'Patent value score',
    indicator: 'Forward citations (per year of age)',
    cohort: 'Cohort',
    inventors: 'Inventor statistics',
  },
} as const;

interface SearchPage {
  total: number;
  items: { publicationNumber: string; valueScore?: number }[];
}

describe.runIf(runBrowser)('[PATENT-VALUE]: the value panel and the value sort on the demo corpus', () => {
  const spec = signedInSpec();

  async function openPage(locale: Locale): Promise<Page> {
    return newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, {
      viewport: { width: 1366, height: 900 },
      locale,
      language: locale === 'en-US' ? 'en' : undefined,
    });
  }

  it.each(['zh-CN', 'en-US'] as const)(
    '[%s] sorts a result page by value and opens the best patent’s value panel',
    async (locale) => {
      const text = TEXTS[locale];
      const page = await openPage(locale);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));

      await page.goto(
        `${spec.server.baseUrl}/innovationSpace/searchResult?q=${encodeURIComponent(EXPRESSION)}&view=liebiaoshitu`,
      );
      await page.locator('.result-table .result-row').first().waitFor({ timeout: STEP_TIMEOUT_MS });
      await chooseOption({
        open: () => page.locator('.result-sort').click(),
        option: page.locator('.ant-select-dropdown').getByTitle(text.sortByValue, { exact: true }),
        chosen: async () => new URL(page.url()).searchParams.get('sort') === 'value.desc',
      });

      // The page shows what the API ranks first, with the scores the index holds, best first.
      const expected = await apiCall<SearchPage>(
        spec.server.baseUrl,
        spec.session.tokens.access_token,
        'POST',
        '/product/search/searchNew',
        {
          searchExpre: EXPRESSION,
          sort: { field: 'value', order: 'desc' },
          pageSize: 20,
          facets: [],
        },
      );
      expect(expected.items[0]?.valueScore).toBeGreaterThan(0);
      const firstNumber = page.locator('.result-table .result-row .result-number').first();
      await poll(() => firstNumber.innerText()).toBe(expected.items[0]!.publicationNumber);
      const shown = (await page.locator('.result-table .result-row td.result-value').allInnerTexts()).map(Number);
      expect(shown).toEqual(expected.items.map((i) => Number(i.valueScore!.toFixed(1))));
      expect(shown).toEqual([...shown].sort((a, b) => b - a));
      // The toolbar with the sort and the first rows in view.
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `patent-value-sorted-${locale}.png`);

      // The best patent's value panel: its score, the indicators, the cohort, the inventors.
      const best = expected.items[0]!.publicationNumber;
      await firstNumber.click();
      await page.waitForURL(/\/innovationSpace\/searchDetail\?pn=/);
      await page.getByRole('tab', { name: text.valueTab }).click();
      await poll(() => new URL(page.url()).searchParams.get('tab')).toBe('value');
      await page.getByText(text.indicator).waitFor({ timeout: STEP_TIMEOUT_MS });
      const value = await apiCall<PatentValue>(
        spec.server.baseUrl,
        spec.session.tokens.access_token,
        'POST',
        `/product/patentValue/evaluate/${encodeURIComponent(best)}`,
      );
      const score = page.locator('.value-score .ant-statistic-content');
      await poll(async () => (await score.innerText()).replace(/\s+/g, '')).toBe(`${value.score!.toFixed(1)}/100`);
      expect(await page.locator('.value-cohort').innerText()).toContain(value.cohort.key);
      expect(await page.locator('.value-indicators tbody tr').count()).toBe(19);
      // The score's confidence beside it (issue 43 item 8): how many indicators the record tells.
      const counted = value.indicators.filter((x) => x.counted).length;
      expect(value.confidence).toMatchObject({ counted, total: 19 });
      const confidence = await page.getByTestId('value-confidence').innerText();
      expect(confidence).toMatch(
        locale === 'zh-CN'
          ? new RegExp(`^${counted}/19 项指标有数据 — 可信度[高中低]$`)
          : new RegExp(`^${counted} of 19 indicators known — (high|medium|low) confidence$`),
      );
      await page.getByText(text.inventors).waitFor();
      await shot(page, `patent-value-panel-${locale}.png`, true);
      expect(errors).toEqual([]);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );
});
