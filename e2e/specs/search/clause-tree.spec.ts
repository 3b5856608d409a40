import { describe, expect, it } from 'vitest';
import { hasChromium } from '../../fixtures/browser.js';
import { apiCall, newSignedInPage } from '../../fixtures/auth.js';
import { resultTotal, shot } from '../../fixtures/page.js';
import { signedInSpec } from '../../fixtures/spec.js';

const runBrowser = hasChromium();

const LOCALES = [
  { locale: 'zh-CN', tag: 'zh', panel: '子句命中', whole: '整个检索式' },
  { locale: 'en-US', tag: 'en', panel: 'Clause counts', whole: 'whole expression' },
] as const;

const EXPRESSION = 'TI=(电池 OR 散热) AND AD>=2015';

/** The first count the panel writes in a text (`命中 1,234 件`, `costs 642 hits (+642 without it)`). */
const countIn = (text: string) => Number((/\d[\d,]*/.exec(text)?.[0] ?? 'NaN').replace(/,/g, ''));

/**
 * Issue 48 item 1: the expression editor's live clause tree. Typed on the home page, each clause
 * shows its own hits and what the whole loses or costs without it; a click opens the clause's results.
 */
describe.runIf(runBrowser)('[SEARCH][CLAUSES]: the live clause tree of the expression editor', () => {
  const spec = signedInSpec();

  for (const lang of LOCALES) {
    it(`counts each clause as its own search does and opens it (${lang.tag})`, async () => {
      const page = await newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, {
        viewport: { width: 1440, height: 900 },
        locale: lang.locale,
        language: lang.tag === 'en' ? 'en' : undefined,
      });
      await page.goto(`${spec.server.baseUrl}/home`);
      await page.locator('textarea.expr-editor-input').first().fill(EXPRESSION);
      await page.getByRole('button', { name: lang.panel }).click();

      const tree = page.getByRole('tree');
      const row = (clause: string) => tree.locator(`[data-clause="${clause}"]`);
      await row('TI=散热').waitFor({ timeout: 60_000 });
      await expect.poll(() => row(EXPRESSION).getByTestId('clause-effect').innerText()).toBe(lang.whole);

      // Each clause's own count is what its own search finds.
      const totalOf = async (searchExpre: string) =>
        (
          await apiCall<{ total: number }>(
            spec.server.baseUrl,
            spec.session.tokens.access_token,
            'POST',
            '/platform/data/search/query',
            { searchExpre, pageSize: 1, facets: [] },
          )
        ).total;
      for (const clause of [EXPRESSION, 'TI=(电池 OR 散热)', 'TI=电池', 'TI=散热', 'AD>=2015']) {
        expect(countIn(await row(clause).getByTestId('clause-own').innerText()), clause).toBe(await totalOf(clause));
      }
      // The date condition keeps records out: without it the whole finds more.
      const costs = countIn(await row('AD>=2015').getByTestId('clause-effect').innerText());
      expect(costs).toBe((await totalOf('TI=(电池 OR 散热)')) - (await totalOf(EXPRESSION)));
      await shot(page, `clause-tree-${lang.tag}.png`);

      const own = countIn(await row('TI=散热').getByTestId('clause-own').innerText());
      await row('TI=散热').getByRole('link').click();
      await page.waitForURL(/\/innovationSpace\/searchResult\?q=TI%3D%E6%95%A3%E7%83%AD/, { timeout: 60_000 });
      expect(await resultTotal(page)).toBe(own);
      await shot(page, `clause-tree-opened-${lang.tag}.png`);
      await page.close();
    });
  }
});
