import { describe, expect, it } from 'vitest';
import { hasChromium } from '../../fixtures/browser.js';
import { apiCall, newSignedInPage } from '../../fixtures/auth.js';
import { resultTotal, shot } from '../../fixtures/page.js';
import { signedInSpec } from '../../fixtures/spec.js';

const runBrowser = hasChromium();

const LOCALES = [
  {
    locale: 'zh-CN',
    tag: 'zh',
    label: '检索式',
    text: '一种锂电池正极材料，提高电池的能量密度与循环寿命',
  },
  {
    locale: 'en-US',
    tag: 'en',
    label: 'Search expression',
    text: 'lithium battery cathode material improving energy density and cycle life',
  },
] as const;

/** How many of the most similar patents the clause asks for. */
const TOP = 30;

/**
 * Issue 48 item 3: `SEM=(a paragraph)` is a field of the expression language, the N patents most
 * similar in meaning, combined with other conditions on the result page like any set.
 */
describe.runIf(runBrowser)('[SEARCH][SEM]: a semantic clause inside a Boolean expression', () => {
  const spec = signedInSpec();
  const totalOf = async (searchExpre: string) =>
    (
      await apiCall<{ total: number }>(
        spec.server.baseUrl,
        spec.session.tokens.access_token,
        'POST',
        '/product/search/searchNew',
        { searchExpre, pageSize: 10, facets: [] },
      )
    ).total;

  for (const lang of LOCALES) {
    it(`runs SEM/${TOP}=(…) AND a date on the result page (${lang.tag})`, async () => {
      const page = await newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, {
        viewport: { width: 1440, height: 900 },
        locale: lang.locale,
        language: lang.tag === 'en' ? 'en' : undefined,
      });
      const alone = `SEM/${TOP}=(${lang.text})`;
      await page.goto(`${spec.server.baseUrl}/innovationSpace/searchResult?q=${encodeURIComponent(alone)}`);
      // Alone: exactly the N most similar patents.
      await expect.poll(() => resultTotal(page), { timeout: 60_000 }).toBe(TOP);

      // Combined in the page's own expression box, as a user types it.
      const combined = `${alone} AND PD>=2018`;
      const editor = page.getByRole('textbox', { name: lang.label }).first();
      await editor.fill(combined);
      // The clause's text is coloured as one piece, its words not operators.
      await page.locator('.expr-tok-semantic').first().waitFor();
      await editor.press('Control+Enter');
      await page.waitForURL(/q=SEM%2F30%3D.*PD%3E%3D2018/, { timeout: 60_000 });
      const expected = await totalOf(combined);
      expect(expected).toBeGreaterThan(0);
      expect(expected).toBeLessThanOrEqual(TOP);
      await expect.poll(() => resultTotal(page), { timeout: 60_000 }).toBe(expected);
      await shot(page, `sem-clause-result-${lang.tag}.png`);
      await page.close();
    });
  }
});
