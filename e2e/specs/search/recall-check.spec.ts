import type { RecallCheckResponse } from '@patlas/contracts';
import { describe, expect, it } from 'vitest';
import { hasChromium } from '../../fixtures/browser.js';
import { apiCall, newSignedInPage } from '../../fixtures/auth.js';
import { shot } from '../../fixtures/page.js';
import { signedInSpec } from '../../fixtures/spec.js';

const runBrowser = hasChromium();
const STEP_TIMEOUT_MS = 90_000;
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: STEP_TIMEOUT_MS, interval: 250 });

/** Two lithium-battery patents of the e2e corpus: the first one's title says 锂电池组, the second's 锂离子电池. */
const FOUND = 'CN110311183A';
const MISSED = 'CN111799439A';
const NOT_HELD = 'CN999999999A';
const EXPRESSION = 'TI=(锂电池 OR 蓄电池)';
const WIDENED = 'TI=(锂电池 OR 蓄电池 OR 锂离子电池)';

const LOCALES = [
  {
    locale: 'zh-CN',
    tag: 'zh',
    button: '查全校验',
    numbers: '已知相关的专利号',
    run: '开始校验',
    before: '检索式找到 1 / 2 件已知相关专利',
    after: '检索式找到 2 / 2 件已知相关专利',
    add: '加入该子句',
    allFound: '全部找到，没有漏检',
  },
  {
    locale: 'en-US',
    tag: 'en',
    button: 'Recall check',
    numbers: 'Numbers of known relevant patents',
    run: 'Check',
    before: 'The expression finds 1 of 2 known relevant patents',
    after: 'The expression finds 2 of 2 known relevant patents',
    add: 'Add to clause',
    allFound: 'All found: nothing missed',
  },
] as const;

/**
 * Issue 48 item 4: the expression editor's recall check. The user pastes the numbers of patents
 * they know are relevant; Patlas says how many the expression finds and, for the one it misses,
 * the clause that left it out and the term of its title to add; one click adds it to the clause.
 */
describe.runIf(runBrowser)('[SEARCH][RECALL-CHECK]: which known patents an expression misses, and why', () => {
  const spec = signedInSpec();

  for (const lang of LOCALES) {
    it(`finds 1 of 2, names the excluding clause, adds the suggested term and then finds both (${lang.tag})`, async () => {
      const page = await newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, {
        viewport: { width: 1440, height: 900 },
        locale: lang.locale,
        language: lang.tag === 'en' ? 'en' : undefined,
      });
      await page.goto(`${spec.server.baseUrl}/home`);
      const editor = page.locator('.expr-editor-input').first();
      await editor.fill(EXPRESSION);
      await page.getByRole('button', { name: lang.button }).first().click();
      const drawer = page.getByRole('dialog');
      await drawer.getByRole('textbox', { name: lang.numbers }).fill(`${FOUND}, CN 111799439 A\n${NOT_HELD}`);
      await drawer.getByRole('button', { name: lang.run, exact: true }).click();
      const result = drawer.getByTestId('recall-result');
      await result.getByText(lang.before).waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await result.getByTestId('recall-not-held').innerText()).toContain(NOT_HELD);
      expect(await result.getByTestId('recall-found').innerText()).toContain(FOUND);
      const row = result.locator(`tr[data-row-key="${MISSED}"]`);
      expect(await row.getByTestId('recall-clause').innerText()).toBe('锂电池 OR 蓄电池');
      expect(await row.getByTestId('recall-term').innerText()).toBe('锂离子电池');
      await shot(page, `recall-check-missed-${lang.tag}.png`);

      await row.getByRole('button', { name: lang.add }).click();
      await poll(() => editor.inputValue()).toBe(WIDENED);
      expect(await row.getByTestId('recall-clause').innerText()).toBe('锂电池 OR 蓄电池 OR 锂离子电池');

      await shot(page, `recall-check-added-${lang.tag}.png`);
      // Checked again, the widened expression finds both.
      await drawer.getByTestId('recall-run').click();
      await result.getByText(lang.after).waitFor({ timeout: STEP_TIMEOUT_MS });
      await result.getByText(lang.allFound).waitFor();
      await shot(page, `recall-check-all-found-${lang.tag}.png`);
      await page.close();
    });
  }

  it('offers the check on the result page and the advanced search too', async () => {
    const page = await newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, {
      viewport: { width: 1440, height: 900 },
    });
    await page.goto(`${spec.server.baseUrl}/innovationSpace/searchResult?q=${encodeURIComponent(EXPRESSION)}`);
    await page.getByRole('button', { name: '查全校验' }).first().waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.goto(`${spec.server.baseUrl}/search/advance`);
    await page.getByRole('button', { name: '查全校验' }).first().waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.close();
  });

  it("checks a library's patents over HTTP", async () => {
    const token = spec.session.tokens.access_token;
    const created = await apiCall<{ folder: { id: string } }>(
      spec.server.baseUrl,
      token,
      'POST',
      '/product/archive/v2/save',
      { action: 'createFolder', name: 'recall-check e2e' },
    );
    await apiCall(spec.server.baseUrl, token, 'POST', '/product/archive/v2/save', {
      action: 'collect',
      folderIds: [created.folder.id],
      publicationNumbers: [FOUND, MISSED],
    });
    const answer = await apiCall<RecallCheckResponse>(
      spec.server.baseUrl,
      token,
      'POST',
      '/product/search/recall-check',
      { searchExpre: EXPRESSION, libraryId: created.folder.id },
    );
    expect(answer.found.map((f) => f.publicationNumber)).toEqual([FOUND]);
    expect(answer.missed.map((m) => [m.publicationNumber, m.clause.text, m.suggestion?.term])).toEqual([
      [MISSED, 'TI=(锂电池 OR 蓄电池)', '锂离子电池'],
    ]);
  });
});
