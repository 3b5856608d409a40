import { describe, expect, it } from 'vitest';
import { hasChromium } from '../../fixtures/browser.js';
import { newSignedInPage } from '../../fixtures/auth.js';
import { resultTotal, shot } from '../../fixtures/page.js';
import { signedInSpec } from '../../fixtures/spec.js';

const runBrowser = hasChromium();

const LOCALES = [
  { locale: 'zh-CN', tag: 'zh', read: '已读', unread: '只看未读' },
  { locale: 'en-US', tag: 'en', read: 'Read', unread: 'Unread only' },
] as const;

const QUERY = 'PA=(歌尔)';

/**
 * Issue 46 item 5, reading marks (阅读标记, spec 2 §3/§9): a patent opened from the result page is
 * marked read in the list when the user comes back, and "unread only" leaves it out, total and
 * pages counted on the server. Both runs sign in as the demo user: the en run finds the zh run's
 * mark and adds its own.
 */
describe.runIf(runBrowser)('[SEARCH][READ-MARKS]: reading marks and "unread only" on the result page', () => {
  const spec = signedInSpec();
  /** The patents opened so far (by this user, in this file). */
  const opened: string[] = [];

  for (const lang of LOCALES) {
    it(`opens a patent, sees it marked on return, and lists the unread only (${lang.tag})`, async () => {
      const page = await newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, {
        viewport: { width: 1440, height: 900 },
        locale: lang.locale,
        language: lang.tag === 'en' ? 'en' : undefined,
      });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${spec.server.baseUrl}/innovationSpace/searchResult?q=${encodeURIComponent(QUERY)}`);
      const total = await resultTotal(page);
      expect(total).toBeGreaterThan(3);
      // What the earlier run opened is marked already.
      for (const pn of opened) await page.getByTestId(`read-mark-${pn}`).waitFor({ timeout: 60_000 });

      // Open the first unread row, then come back.
      const row = page.locator('tr.result-row:not(.result-row-read)').first();
      const pn = (await row.locator('.result-number').innerText()).trim();
      expect(await page.getByTestId(`read-mark-${pn}`).count()).toBe(0);
      await row.locator('.result-title').first().click();
      await page.waitForURL(/\/innovationSpace\/searchDetail\?/);
      await expect.poll(() => page.locator('.patent-header-pn').innerText(), { timeout: 60_000 }).toContain(pn);
      opened.push(pn);
      await page.goBack();
      await page.waitForURL(/\/innovationSpace\/searchResult\?/);

      // Marked: the tag, and the row's muted title.
      const mark = page.getByTestId(`read-mark-${pn}`);
      await mark.waitFor({ timeout: 60_000 });
      expect((await mark.innerText()).trim()).toBe(lang.read);
      const markedRow = page.locator('tr.result-row', { has: mark });
      await expect.poll(() => markedRow.getAttribute('class')).toContain('result-row-read');
      await shot(page, `reading-marks-list-${lang.tag}.png`);

      // Unread only: the opened patents leave the list and the total.
      await page.getByRole('switch', { name: lang.unread }).click();
      await page.waitForURL(/unread=1/);
      await expect.poll(() => resultTotal(page), { timeout: 60_000 }).toBe(total - opened.length);
      await expect.poll(() => page.locator('tr.result-row-read').count()).toBe(0);
      const numbers = await page.locator('tr.result-row .result-number').allInnerTexts();
      for (const done of opened) expect(numbers.map((n) => n.trim())).not.toContain(done);
      // The switch's hint would cover the list: the pointer leaves it first.
      await page.mouse.move(700, 880);
      await expect
        .poll(() => page.locator('.ant-tooltip:not(.ant-tooltip-hidden)').count(), { timeout: 30_000 })
        .toBe(0);
      await shot(page, `reading-marks-unread-only-${lang.tag}.png`);

      // Off again: the whole set, the marks back.
      await page.getByRole('switch', { name: lang.unread }).click();
      await expect.poll(() => resultTotal(page), { timeout: 60_000 }).toBe(total);
      await page.getByTestId(`read-mark-${pn}`).waitFor({ timeout: 60_000 });
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
