import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium } from '../../fixtures/browser.js';
import { apiCall, newSignedInPage } from '../../fixtures/auth.js';
import { shot } from '../../fixtures/page.js';
import { signedInSpec } from '../../fixtures/spec.js';

const runBrowser = hasChromium();

/** CN115001749A of the demo corpus (cn-patentics-incopat): its abstract as published. */
const SOURCE = 'CN115001749A';
const ABSTRACT =
  '本申请提供一种设备授权方法、装置、设备及介质，该方法包括：在服务器认证通过的情况下，向服务器上报包括Mac地址、第一随机数和加密的第一目标值的第一数据信息，第一目标值基于第一认证次数确定；' +
  '接收服务器反馈的加密的第二数据信息并进行解密，第二数据信息在服务器确定第一认证次数与第二认证次数相同时基于第一授权信息生成，根据第三数据信息和第二数据信息，检测第二授权信息和第一授权信息是否相同，第三数据信息基于第二授权信息生成；' +
  '在第二授权信息与第一授权信息相同的情况下，确定获取算法程序的运行权限，并更新第一认证次数、向服务器发送更新第二认证次数的更新指示。本申请可准确的对终端设备进行授权认证。';

/** The abstract modified as a copier would: its sentences in another order, words swapped (装置 → 系统, 检测 → 判断). */
const MODIFIED = (() => {
  const [first, second, third] = ABSTRACT.split('；');
  return [third, first, second].join('；').replace('方法、装置', '方法、系统').replaceAll('检测', '判断');
})();

const LOCALES = [
  { locale: 'zh-CN', tag: 'zh', done: '已完成', view: /查\s*看/ },
  { locale: 'en-US', tag: 'en', done: 'Done', view: /^View$/ },
] as const;

/** Issue 21: paste a modified real abstract, see its source first with the matching sentences highlighted. */
describe.runIf(runBrowser)('[DUPLICATE][CHECK]: duplicate check and its evidence', () => {
  const spec = signedInSpec();

  for (const l of LOCALES) {
    it(`finds the source of a modified abstract first and highlights the matching sentences (${l.tag})`, async () => {
      const page: Page = await newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, {
        viewport: { width: 1440, height: 960 },
        locale: l.locale,
        language: l.tag === 'en' ? 'en' : undefined,
      });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      // The spec's path /repeat leads to the page.
      await page.goto(`${spec.server.baseUrl}/repeat`);
      await page.waitForURL((url) => url.pathname === '/innovationSpace/repeat');
      // The checks made before (the other language's): the new one is listed first, above them.
      const { total: before } = await apiCall<{ total: number }>(
        spec.server.baseUrl,
        spec.session.tokens.access_token,
        'POST',
        '/product/patent/getRepeatList',
        {},
      );
      await page.getByTestId('duplicate-text').fill(MODIFIED);
      await page.getByTestId('duplicate-submit').click();

      const rows = page.locator('.ant-table-tbody tr.ant-table-row');
      await expect.poll(() => rows.count()).toBe(before + 1);
      const row = rows.first();
      await expect.poll(() => row.getByTestId('duplicate-state').innerText(), { timeout: 120_000 }).toBe(l.done);
      const view = row.getByRole('button', { name: l.view });
      // The actions fade from their disabled colour once the check is done: the picture waits for the end.
      await expect.poll(() => view.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(22, 119, 255)');
      await shot(page, `duplicate-list-${l.tag}.png`);
      await view.click();
      await page.waitForURL((url) => url.pathname === '/innovationSpace/repeat/detail');

      // The source first, selected, with the text's sentences matched on both sides.
      const first = page.getByTestId('duplicate-patent').first();
      await expect.poll(() => first.innerText(), { timeout: 60_000 }).toContain(SOURCE);
      const marks = page.getByTestId('duplicate-input-match');
      await expect.poll(() => marks.count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
      const markedText = (await marks.allInnerTexts()).join('');
      expect(markedText).toContain('在第二授权信息与第一授权信息相同的情况下');
      expect(await page.getByTestId('duplicate-matched-sentence').count()).toBeGreaterThanOrEqual(3);
      const passages = page.getByTestId('duplicate-passage-match');
      await expect.poll(() => passages.count()).toBeGreaterThanOrEqual(3);
      expect((await passages.allInnerTexts()).join('')).toContain('第二授权信息与第一授权信息相同的情况下');
      const similarity = await page.getByTestId('duplicate-similarity').innerText();
      expect(Number(/([\d.]+)%/.exec(similarity)?.[1])).toBeGreaterThan(60);
      await shot(page, `duplicate-detail-${l.tag}.png`);

      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});
