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
    button: '同族扩展',
    selectFirst: '请先选择要扩展的专利',
    done: /^已扩展为 \d+ 件同族专利$/,
  },
  {
    locale: 'en-US',
    tag: 'en',
    button: 'Expand families',
    selectFirst: 'Select the patents to expand first',
    done: /^Expanded to \d+ family members$/,
  },
] as const;

/** A US application of the e2e corpus whose simple family holds its granted patent, US11560066B2. */
const SEED = 'US20210291693A1';
const MEMBER = 'US11560066B2';

/**
 * Issue 46 item 2 (spec 2 §4, §7, §8; spec 1 §4 `pfe`): the result page's 同族扩展 expands the
 * selected patents to their simple families and opens the expanded set as a result page of its own.
 */
describe.runIf(runBrowser)('[FAMILY][EXPAND]: simple-family expansion from the result page', () => {
  const spec = signedInSpec();

  for (const lang of LOCALES) {
    it(`expands the selected application to its family and opens it (${lang.tag})`, async () => {
      const page = await newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, {
        viewport: { width: 1440, height: 900 },
        locale: lang.locale,
        language: lang.tag === 'en' ? 'en' : undefined,
      });
      await page.goto(`${spec.server.baseUrl}/innovationSpace/searchResult?q=${encodeURIComponent(`PN=${SEED}`)}`);
      expect(await resultTotal(page)).toBe(1);
      // Behind the selection's "More" (the row of actions keeps to 1,440 px).
      const button = page.getByTestId('family-expand');
      await page.getByTestId('selection-more').click();
      expect(await button.innerText()).toContain(lang.button);

      // Nothing selected: the button says what to do first. The message shows for 3 s, so the wait
      // starts before the click (a busy CI machine once returned from the click too late to see it).
      const told = page.getByText(lang.selectFirst).waitFor({ timeout: 60_000 });
      await button.click();
      await told;

      await page.locator(`tr[data-row-key="${SEED}"] .ant-checkbox-input`).check();
      // The click on the row closed the popover (a click outside it): opened again.
      await button.waitFor({ state: 'hidden' });
      await page.getByTestId('selection-more').click();
      await shot(page, `family-expand-selected-${lang.tag}.png`);
      await button.click();

      // The expanded set: its own result page, deep-linked by its expression.
      await page.waitForURL(/q=PN%3D%28/, { timeout: 60_000 });
      await page.getByText(lang.done).waitFor();
      await expect.poll(() => resultTotal(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
      await page.locator(`tr[data-row-key="${MEMBER}"]`).waitFor();
      await page.locator(`tr[data-row-key="${SEED}"]`).waitFor();
      const url = new URL(page.url());
      expect(url.searchParams.get('q')).toContain(MEMBER);
      await shot(page, `family-expand-result-${lang.tag}.png`);

      // The link reopens the same set.
      const again = await newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, {
        viewport: { width: 1440, height: 900 },
      });
      await again.goto(url.toString());
      await again.locator(`tr[data-row-key="${MEMBER}"]`).waitFor();
      await again.close();
      await page.close();
    });
  }

  it('records the expansion as the pfe action of the page it was made from', async () => {
    const { items } = await apiCall<{ items: { entry: { operationName: string; operationValue?: string } }[] }>(
      spec.server.baseUrl,
      spec.session.tokens.access_token,
      'POST',
      '/product/history/list',
      { page: 1, pageSize: 50 },
    );
    const pfe = items.filter((i) => i.entry.operationName === 'pfe');
    // Both pages made it from one search: its history row takes the action (docs/history.md "one row per search").
    expect(pfe.length).toBeGreaterThanOrEqual(1);
    expect(pfe[0]?.entry.operationValue).toMatch(/^1:\d+$/);
  });
});
