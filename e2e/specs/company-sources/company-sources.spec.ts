import { describe, expect, it } from 'vitest';
import { hasChromium } from '../../fixtures/browser.js';
import { apiCall, newSignedInPage } from '../../fixtures/auth.js';
import { chooseOption, resultTotal, shot } from '../../fixtures/page.js';
import { signedInSpec } from '../../fixtures/spec.js';

const runBrowser = hasChromium();

const LOCALES = [
  { locale: 'zh-CN', tag: 'zh', company: '申请人类型=大专院校 AND 申请人国别=香港', group: '中国港澳台' },
  { locale: 'en-US', tag: 'en', company: 'PA-TYPE=university AND PA-CC=HK', group: 'Hong Kong, Macao, Taiwan' },
] as const;

/** The e2e corpus's one applicant from Hong Kong: 香港理工大学 (a university). */
const HK_UNIVERSITY = 'CN111929899A';
const OFFICES = 'CC=(CN OR TW OR HK OR US)';

/**
 * Issue 46 items 4 and 6: a company information field (applicant type and country) searched from
 * the result page, and the data-source selector's 港澳台 group (cnOther) narrowing a result list.
 */
describe.runIf(runBrowser)('[SEARCH][COMPANY-SOURCES]: company fields and data-source groups', () => {
  const spec = signedInSpec();

  for (const lang of LOCALES) {
    it(`searches by applicant type and country, then by the 港澳台 group (${lang.tag})`, async () => {
      const page = await newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, {
        viewport: { width: 1440, height: 900 },
        locale: lang.locale,
      });
      if (lang.tag === 'en') {
        await page.goto(`${spec.server.baseUrl}/home`);
        await page.getByText('English', { exact: true }).click();
      }
      const results = (query: string) =>
        page.goto(`${spec.server.baseUrl}/innovationSpace/searchResult?q=${encodeURIComponent(query)}`);
      await results(lang.company);
      await page.locator(`tr[data-row-key="${HK_UNIVERSITY}"]`).waitFor({ timeout: 60_000 });
      expect(await resultTotal(page)).toBe(1);
      await shot(page, `company-field-${lang.tag}.png`);

      const { total } = await apiCall<{ total: number }>(
        spec.server.baseUrl,
        spec.session.tokens.access_token,
        'POST',
        '/platform/data/search/expression/total-hits',
        { searchExpre: OFFICES, source: 'cnOther' },
      );
      expect(total).toBeGreaterThan(0);
      await results(OFFICES);
      const all = await resultTotal(page);
      expect(all).toBeGreaterThan(total);
      const selector = page.getByTestId('source-selector');
      await chooseOption({
        open: () => selector.click(),
        option: page.locator('.ant-select-tree-title', { hasText: lang.group }),
        chosen: async () => new URL(page.url()).searchParams.get('source') === 'cnOther',
      });
      await page.keyboard.press('Escape');
      await expect.poll(() => resultTotal(page), { timeout: 60_000 }).toBe(total);
      await shot(page, `source-group-cnother-${lang.tag}.png`);
      await page.close();
    });
  }
});
