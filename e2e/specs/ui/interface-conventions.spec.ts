import { describe, expect, it } from 'vitest';
import { hasChromium } from '../../fixtures/browser.js';
import { newSignedInPage } from '../../fixtures/auth.js';
import { resultTotal, shot } from '../../fixtures/page.js';
import { signedInSpec } from '../../fixtures/spec.js';

const runBrowser = hasChromium();

const LOCALES = [
  { locale: 'zh-CN', tag: 'zh', home: '首页', result: '检索结果', page: (n: number) => `第 ${n} 页`, top: '回到顶部' },
  {
    locale: 'en-US',
    tag: 'en',
    home: 'Home',
    result: 'Search results',
    page: (n: number) => `Page ${n}`,
    top: 'Back to top',
  },
] as const;

/** Issue 46 item 9: the spec's pager, back-to-top and breadcrumb on the result page. */
describe.runIf(runBrowser)('[UI][CONVENTIONS]: pager, back-to-top and breadcrumb', () => {
  const spec = signedInSpec();

  it.each(LOCALES)('result page in $tag', async (lang) => {
    const page = await newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, {
      viewport: { width: 1366, height: 700 },
      locale: lang.locale,
      language: lang.tag === 'en' ? 'en' : undefined,
    });
    await page.goto(`${spec.server.baseUrl}/innovationSpace/searchResult?q=${encodeURIComponent('TI=(电池)')}`);
    const total = await resultTotal(page);
    const pages = Math.ceil(total / 20);
    expect(pages).toBeGreaterThan(2);

    // Breadcrumb: home › search results (the page itself, not a link).
    const trail = page.getByTestId('page-breadcrumb');
    await expect.poll(() => trail.innerText()).toContain(lang.result);
    expect(await trail.getByRole('link', { name: lang.home }).getAttribute('href')).toBe('/home');

    // Pager: at most four page numbers, the 8-character box and GO.
    const pager = page.locator('.results-pagination');
    await pager.scrollIntoViewIfNeeded();
    expect(await pager.locator('.patlas-pager-item').count()).toBe(Math.min(4, pages));
    const box = pager.getByRole('textbox');
    expect(await box.getAttribute('maxlength')).toBe('8');
    await shot(page, `ui-conventions-pager-${lang.tag}.png`);
    await box.fill('3');
    await pager.getByRole('button', { name: 'GO' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '3');
    await expect
      .poll(() => pager.getByRole('button', { name: lang.page(3) }).getAttribute('aria-current'))
      .toBe('page');

    // Back to top: shown once the window has scrolled past 200 px, and it scrolls back.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const top = page.getByTestId('back-to-top');
    await top.waitFor({ state: 'visible', timeout: 30_000 });
    await shot(page, `ui-conventions-back-to-top-${lang.tag}.png`);
    await top.click();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 30_000 }).toBe(0);
    await page.close();
  });
});
