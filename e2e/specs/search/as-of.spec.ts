import { describe, expect, it } from 'vitest';
import { hasChromium } from '../../fixtures/browser.js';
import { apiCall, newSignedInPage } from '../../fixtures/auth.js';
import { chooseOption, resultTotal, shot } from '../../fixtures/page.js';
import { signedInSpec } from '../../fixtures/spec.js';

const runBrowser = hasChromium();

const LOCALES = [
  {
    locale: 'zh-CN',
    tag: 'zh',
    version: (n: number) => new RegExp(`^数据版本 ${n}（`),
    showing: /按数据版本 \d+（.*）时的数据检索/,
    current: '当前数据（最新）',
    missing: /数据版本 \d+ 不存在（最新为 \d+）/,
  },
  {
    locale: 'en-US',
    tag: 'en',
    version: (n: number) => new RegExp(`^data version ${n} \\(`),
    showing: /Searched as of data version \d+ \(/,
    current: 'Current data (newest)',
    missing: /Data version \d+ does not exist \(the newest is \d+\)/,
  },
] as const;

const EXPRESSION = 'TI=(电池 OR battery)';

/**
 * Issue 48 item 5: the result page as of a data version (docs/search-as-of.md): the picker, the
 * `asOf` URL parameter, version 0 (before the first import) finding nothing, an unknown version refused.
 */
describe.runIf(runBrowser)('[SEARCH][AS-OF]: a search as of a data version', () => {
  const spec = signedInSpec();

  for (const lang of LOCALES) {
    it(`searches as of the newest version, then before the first import (${lang.tag})`, async () => {
      const { latest } = await apiCall<{ latest: number }>(
        spec.server.baseUrl,
        spec.session.tokens.access_token,
        'GET',
        '/platform/data/versions',
      );
      expect(latest).toBeGreaterThanOrEqual(1);
      const page = await newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, {
        viewport: { width: 1440, height: 900 },
        locale: lang.locale,
        language: lang.tag === 'en' ? 'en' : undefined,
      });
      await page.goto(`${spec.server.baseUrl}/innovationSpace/searchResult?q=${encodeURIComponent(EXPRESSION)}`);
      const total = await resultTotal(page);
      expect(total).toBeGreaterThan(0);

      // The picker: the newest version finds what the corpus holds now, and the page says which version.
      const picker = page.getByTestId('as-of-picker');
      await chooseOption({
        open: () => picker.getByRole('combobox').click(),
        option: page.locator('.ant-select-item-option').filter({ hasText: lang.version(latest) }),
        chosen: async () => new URL(page.url()).searchParams.get('asOf') === String(latest),
      });
      await page.getByText(lang.showing).waitFor({ timeout: 60_000 });
      await expect.poll(() => resultTotal(page), { timeout: 60_000 }).toBe(total);
      await shot(page, `search-as-of-${lang.tag}.png`);

      // Version 0, by the link: the corpus before its first import finds nothing.
      const before = new URL(page.url());
      before.searchParams.set('asOf', '0');
      await page.goto(before.toString());
      await expect.poll(() => resultTotal(page), { timeout: 60_000 }).toBe(0);

      // A version that does not exist: the server's message, in the page's language.
      before.searchParams.set('asOf', String(latest + 1));
      await page.goto(before.toString());
      await page.getByText(lang.missing).first().waitFor({ timeout: 60_000 });
      await shot(page, `search-as-of-missing-${lang.tag}.png`);

      // Back to the current data: the parameter leaves the URL.
      await chooseOption({
        open: () => picker.getByRole('combobox').click(),
        option: page.locator('.ant-select-item-option').filter({ hasText: lang.current }),
        chosen: async () => !new URL(page.url()).searchParams.has('asOf'),
      });
      await expect.poll(() => resultTotal(page), { timeout: 60_000 }).toBe(total);
      await page.close();
    });
  }
});
