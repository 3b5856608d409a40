import { describe, expect, it } from 'vitest';
import { hasChromium } from '../../fixtures/browser.js';
import { newSignedInPage } from '../../fixtures/auth.js';
import { resultTotal, shot, totalOf } from '../../fixtures/page.js';
import { signedInSpec } from '../../fixtures/spec.js';

const runBrowser = hasChromium();

const LOCALES = [
  { locale: 'zh-CN', tag: 'zh', merge: '合并名称', variants: /^\d+ 个名称$/ },
  { locale: 'en-US', tag: 'en', merge: 'Merge names', variants: /^\d+ names$/ },
] as const;

/**
 * Issue 43 item 7: the e2e corpus writes Goertek as 歌尔股份有限公司 (PatSnap, no standardised name)
 * and as 歌尔科技有限公司 / 歌尔股份有限公司 … standardised to 歌尔声学股份有限公司 (Patentics, the
 * name dropped in 2016). Merged, they are one applicant under the current name, its spellings listed.
 */
describe.runIf(runBrowser)('[SEARCH][APPLICANT]: applicant names merged under the current standardised name', () => {
  const spec = signedInSpec();

  for (const lang of LOCALES) {
    it(`counts 歌尔股份 and 歌尔声学 as one, lists the spellings, filters to that count, and splits them when off (${lang.tag})`, async () => {
      const page = await newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, {
        viewport: { width: 1440, height: 900 },
        locale: lang.locale,
        language: lang.tag === 'en' ? 'en' : undefined,
      });
      await page.goto(`${spec.server.baseUrl}/innovationSpace/searchResult?q=${encodeURIComponent('PA=(歌尔)')}`);
      await resultTotal(page);
      const facet = page.locator('[data-facet="applicant"]');
      const labels = facet.locator('.facet-value-label');
      await expect.poll(() => labels.allInnerTexts()).toContain('歌尔股份有限公司');
      expect(await labels.allInnerTexts()).not.toContain('歌尔声学股份有限公司');

      const goertek = facet.locator('li.facet-value').filter({
        has: page.locator('.facet-value-label', { hasText: /^歌尔股份有限公司$/ }),
      });
      const count = totalOf(`${await goertek.locator('.facet-value-count').innerText()} 条`);
      const toggle = goertek.locator('.facet-variants-toggle');
      expect(await toggle.innerText()).toMatch(lang.variants);
      await toggle.click();
      const variants = goertek.locator('.facet-variant-name');
      await expect.poll(() => variants.allInnerTexts()).toContain('歌尔科技有限公司');
      expect(await variants.allInnerTexts()).toContain('歌尔股份有限公司');
      await shot(page, `applicant-names-merged-${lang.tag}.png`);

      // The value's count is the result total after the click.
      await goertek.locator('.facet-value-button').click();
      await page.waitForURL(/f=applicantStandard/);
      await expect.poll(() => resultTotal(page)).toBe(count);

      // Off: names as written, counted apart (fewer for the PatSnap spelling alone).
      await page.goto(`${spec.server.baseUrl}/innovationSpace/searchResult?q=${encodeURIComponent('PA=(歌尔)')}`);
      await resultTotal(page);
      await page.getByRole('switch', { name: lang.merge }).click();
      await page.waitForURL(/names=written/);
      await expect.poll(() => facet.locator('.facet-variants-toggle').count()).toBe(0);
      const written = facet.locator('li.facet-value').filter({
        has: page.locator('.facet-value-label', { hasText: /^歌尔股份有限公司$/ }),
      });
      await expect
        .poll(async () => totalOf(`${await written.locator('.facet-value-count').innerText()} 条`))
        .toBeLessThan(count);
      await shot(page, `applicant-names-written-${lang.tag}.png`);
      await page.close();
    });
  }
});
