import { describe, expect, it } from 'vitest';
import { hasChromium } from '../../fixtures/browser.js';
import { newSignedInPage } from '../../fixtures/auth.js';
import { resultTotal, shot } from '../../fixtures/page.js';
import { signedInSpec } from '../../fixtures/spec.js';

const runBrowser = hasChromium();

describe.runIf(runBrowser)('[LINKS]: links from outside: spec 1 §2 result links and unknown addresses', () => {
  const spec = signedInSpec();

  it('opens /search/result?expre=… on the result page of that expression, and its analysis chart', async () => {
    const page = await newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, { locale: 'zh-CN' });
    const link = new URLSearchParams({
      expre: 'TI=(电池)',
      source: 'cn',
      sourcetype: 'quick',
      pageType: 'searchResult',
    });
    await page.goto(`${spec.server.baseUrl}/search/result?${link.toString()}`);
    await page.waitForURL(/\/innovationSpace\/searchResult\?q=TI%3D%28%E7%94%B5%E6%B1%A0%29&source=cn$/);
    expect(await resultTotal(page)).toBeGreaterThan(10);
    // One tab, named by the expression: the spec-form address never opened a page of its own.
    await expect
      .poll(() => page.locator('.patlas-tab-list .patlas-tab-button').allInnerTexts())
      .toEqual(['首页', 'TI=(电池)']);
    await shot(page, 'links-spec-result-zh.png');

    const analysis = new URLSearchParams({
      expre: 'TI=(电池)',
      pageType: 'searchAnalysis',
      jumpAnalysisName: 'applicant',
    });
    await page.goto(`${spec.server.baseUrl}/search/result?${analysis.toString()}`);
    await page.waitForURL(/\/innovationSpace\/searchResult\/analysis\?q=.*&chart=applicant/);
    await page.close();
  });

  it('shows the 404 page with the address asked for, in both languages', async () => {
    for (const [locale, text] of [
      ['zh-CN', '抱歉，您访问的页面不存在'],
      ['en-US', 'Sorry, the page you visited does not exist'],
    ] as const) {
      const page = await newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, {
        locale,
        language: locale === 'en-US' ? 'en' : undefined,
      });
      await page.goto(`${spec.server.baseUrl}/innovationSpace/oldBookmark?tab=1`);
      await page.getByText(text).waitFor();
      expect(await page.getByTestId('unknown-address').textContent()).toBe('/innovationSpace/oldBookmark?tab=1');
      expect(new URL(page.url()).pathname).toBe('/innovationSpace/oldBookmark');
      await shot(page, `links-404-${locale}.png`);
      await page.close();
    }
  });
});
