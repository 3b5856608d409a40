import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ClassificationChildrenResponse, ClassificationNode } from '@patlas/contracts';
import { hasChromium } from '../../fixtures/browser.js';
import { apiCall, newSignedInPage, type ApiSession } from '../../fixtures/auth.js';
import { shot, totalOf } from '../../fixtures/page.js';
import { signedInSpec } from '../../fixtures/spec.js';

const runBrowser = hasChromium();
/** The machine is shared and often busy: generous limits for each step and each test. */
const STEP_TIMEOUT_MS = 90_000;
const TEST_TIMEOUT_MS = 600_000;
/** One try at a row of the virtual tree, which may be re-rendered away between tries. */
const ATTEMPT_MS = 5_000;

async function openPage(
  browser: Browser,
  baseUrl: string,
  session: ApiSession,
  locale: string,
  url: string,
  language?: 'zh' | 'en',
) {
  const page = await newSignedInPage(browser, baseUrl, session, {
    viewport: { width: 1366, height: 900 },
    locale,
    language,
  });
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  await page.goto(`${baseUrl}${url}`);
  return page;
}

/** Scrolls the (virtual) tree down until the row of a symbol is rendered. */
async function reveal(page: Page, code: string) {
  return revealRow(page, row(page, code));
}

/**
 * Scrolls the (virtual) tree down from its top until a row is rendered, a screen at a time, from the
 * top again at the bottom: on a busy machine the row's level may still be loading.
 */
async function revealRow(page: Page, target: Locator) {
  const holder = page.locator('.ant-tree-list-holder');
  await holder.evaluate((el) => (el.scrollTop = 0));
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  while ((await target.count()) === 0 && Date.now() < deadline) {
    await holder.evaluate((el) => {
      el.scrollTop = el.scrollTop + el.clientHeight >= el.scrollHeight - 1 ? 0 : el.scrollTop + 300;
    });
    await page.waitForTimeout(100);
  }
  await target.waitFor({ timeout: ATTEMPT_MS });
  return target;
}

/** The tree row of a symbol (its count link carries the code). */
const row = (page: Page, code: string) =>
  page.locator('.ant-tree-treenode', { has: page.getByTestId(`count-${code}`) }).first();

describe.runIf(runBrowser)('[CLASSIFICATION]: IPC tree, counts and search', () => {
  const spec = signedInSpec();
  const children = async (code?: string) =>
    (
      await apiCall<ClassificationChildrenResponse>(
        spec.server.baseUrl,
        spec.session.tokens.access_token,
        'GET',
        `/product/classification/children?scheme=ipc${code ? `&code=${code}` : ''}`,
      )
    ).children;

  it(
    'expands sections down to a main group, clicks its count and lands on a result page with that total',
    async () => {
      const page = await openPage(spec.browser, spec.server.baseUrl, spec.session, 'zh-CN', '/search/ipc');
      await page.waitForURL((url) => url.pathname === '/innovationSpace/ipc');
      // Down the tree by the busiest visible node of each level, with the tree's own switchers.
      let node: ClassificationNode | undefined;
      let level = await children();
      for (let depth = 0; depth <= 3; depth += 1) {
        const candidates = level.filter((n) => n.count > 0);
        node = candidates.sort((a, b) => b.count - a.count)[0];
        expect(node, `a node with patents at depth ${depth}`).toBeDefined();
        const code = node!.code;
        // The virtual list may re-measure and move a row out of the DOM right after it was found (rows
        // wrap, levels load): each attempt reveals the row again and reads it with a short limit.
        await expect
          .poll(async () => (await reveal(page, code)).innerText({ timeout: ATTEMPT_MS }).catch(() => ''), {
            timeout: STEP_TIMEOUT_MS,
          })
          .toContain(String(node!.count));
        if (depth === 3 || !node!.hasChildren) break;
        await expect
          .poll(
            async () => {
              const current = await reveal(page, code);
              const switcher = current.locator('.ant-tree-switcher');
              if (
                ((await switcher.getAttribute('class', { timeout: ATTEMPT_MS }).catch(() => '')) ?? '').includes(
                  '_open',
                )
              )
                return true;
              await current
                .evaluate((el) => el.scrollIntoView({ block: 'start' }), undefined, { timeout: ATTEMPT_MS })
                .catch(() => undefined);
              await switcher.click({ timeout: ATTEMPT_MS }).catch(() => undefined);
              return false;
            },
            { timeout: STEP_TIMEOUT_MS },
          )
          .toBe(true);
        level = await children(node!.code);
        await page.locator('.ant-tree-treenode', { hasText: level[0]!.symbol }).first().waitFor();
      }
      await shot(page, 'classification-tree-zh.png');
      const count = node!.count;
      const onResultPage = () => new URL(page.url()).pathname === '/innovationSpace/searchResult';
      await expect
        .poll(
          async () => {
            if (onResultPage()) return true;
            const current = await reveal(page, node!.code);
            await current.getByTestId(`count-${node!.code}`).click({ timeout: ATTEMPT_MS });
            await page.waitForURL(onResultPage, { timeout: ATTEMPT_MS });
            return true;
          },
          { timeout: STEP_TIMEOUT_MS },
        )
        .toBe(true);
      expect(new URL(page.url()).searchParams.get('q')).toBe(`IPC=${node!.code}`);
      const total = page.getByTestId('result-total');
      await total.waitFor();
      await expect.poll(async () => totalOf(await total.innerText()), { timeout: STEP_TIMEOUT_MS }).toBe(count);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'shows the Chinese titles of classes, subclasses and groups in zh; 电池 and battery find H01M and H02J7',
    async () => {
      const page = await openPage(
        spec.browser,
        spec.server.baseUrl,
        spec.session,
        'zh-CN',
        '/innovationSpace/ipc?scheme=ipc&code=H01M4',
      );
      await page.getByTestId('selected-count').waitFor();
      // The deep link opens H › H01 › H01M: each row shows the CNIPA edition's Chinese title.
      const treeRow = (symbol: string) =>
        page.locator('.ant-tree-treenode', {
          has: page.locator('.classification-symbol', { hasText: new RegExp(`^${symbol}$`) }),
        });
      for (const [symbol, title] of [
        ['H', '电学'],
        ['H01', '电气元件'],
        ['H01M', '用于直接转变化学能为电能的方法或装置，例如电池组'],
        ['H01M4/00', '电极'],
        ['H01M10/00', '二次电池；及其制造'],
      ] as const) {
        // The title as shown, and whether it is the English fallback: read in one go from a revealed row.
        const shownTitle = async () => {
          const shown = await revealRow(page, treeRow(symbol));
          const text = await shown.locator('.classification-title').innerText({ timeout: ATTEMPT_MS });
          return `${text}|${await shown.locator('.classification-title.fallback').count()}`;
        };
        await expect.poll(() => shownTitle().catch(() => ''), { timeout: STEP_TIMEOUT_MS }).toBe(`${title}|0`);
      }
      await (
        await revealRow(page, treeRow('H01M'))
      )
        .evaluate((el) => el.scrollIntoView({ block: 'start' }), undefined, { timeout: ATTEMPT_MS })
        .catch(() => undefined);
      // The virtual list renders the rows below after its scroll event: wait for them before the shot.
      await treeRow('H01M10/00').waitFor({ state: 'visible' });
      await shot(page, 'classification-titles-zh.png');

      const input = page.getByPlaceholder('输入分类号（如 H01M4）或分类名称关键词');
      const matches = page.locator('.classification-match');
      await input.fill('电池');
      await page.keyboard.press('Enter');
      await expect.poll(() => matches.first().innerText()).toContain('H01M');
      await expect.poll(() => matches.first().innerText()).toContain('用于直接转变化学能为电能的方法或装置');
      await shot(page, 'classification-search-dianchi-zh.png');

      await input.fill('battery');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('kw') === 'battery');
      await expect
        .poll(() => matches.allInnerTexts())
        .toEqual(expect.arrayContaining([expect.stringMatching(/^H01M\s/), expect.stringMatching(/^H02J7\/00\s/)]));
      const h02j7 = matches.filter({ hasText: 'H02J7/00' });
      expect(await h02j7.innerText()).toContain('用于电池组的充电或放电或用于由电池组向负载供电的装置');
      await shot(page, 'classification-search-battery-zh.png');
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'opens IPC subgroups by their dot levels and finds G06F111/18 by 虚拟现实 (issue 43)',
    async () => {
      const page = await openPage(
        spec.browser,
        spec.server.baseUrl,
        spec.session,
        'zh-CN',
        '/innovationSpace/ipc?scheme=ipc&code=G06F3/0346',
      );
      await page.getByTestId('selected-count').waitFor();
      const treeRow = (symbol: string) =>
        page.locator('.ant-tree-treenode', {
          has: page.locator('.classification-symbol', { hasText: new RegExp(`^${symbol}$`) }),
        });
      // The deep link opens G › G06 › G06F › G06F3/00 › G06F3/01 › G06F3/03 › G06F3/033 down to the subgroup.
      for (const [symbol, title] of [
        ['G06F3/01', '用于用户和计算机之间交互的输入装置'],
        ['G06F3/033', '由使用者移动或定位的指示装置'],
        ['G06F3/0346', '检测设备在三维[3D]空间内的定向或自由移动'],
      ] as const) {
        const shownTitle = async () => {
          const shown = await revealRow(page, treeRow(symbol));
          return shown.locator('.classification-title').innerText({ timeout: ATTEMPT_MS });
        };
        await expect.poll(() => shownTitle().catch(() => ''), { timeout: STEP_TIMEOUT_MS }).toContain(title);
      }
      await expect.poll(() => page.locator('.classification-side').innerText()).toContain('4 点小组');
      await shot(page, 'classification-subgroups-zh.png');

      const input = page.getByPlaceholder('输入分类号（如 H01M4）或分类名称关键词');
      const matches = page.locator('.classification-match');
      await input.fill('虚拟现实');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => matches.allInnerTexts())
        .toEqual(expect.arrayContaining([expect.stringMatching(/^G06F111\/18\s.*虚拟现实/s)]));
      await shot(page, 'classification-search-vr-zh.png');
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'opens a deep link at its node in English, searches titles, and switches to CPC',
    async () => {
      const page = await openPage(
        spec.browser,
        spec.server.baseUrl,
        spec.session,
        'en-US',
        '/innovationSpace/ipc?scheme=ipc&code=H01M4',
        'en',
      );
      await page.getByTestId('selected-count').waitFor();
      await page.getByText('Classification search', { exact: true }).first().waitFor();
      // The virtual tree may re-measure and drop the selected row from the DOM: reveal it again on each try.
      const selected = page.locator('.ant-tree-treenode-selected');
      await expect
        .poll(
          async () =>
            (await revealRow(page, selected).catch(() => selected)).innerText({ timeout: ATTEMPT_MS }).catch(() => ''),
          { timeout: STEP_TIMEOUT_MS },
        )
        .toContain('H01M4/00');
      await shot(page, 'classification-deeplink-en.png');
      await page.getByPlaceholder('A symbol (e.g. H01M4) or words of a title').fill('secondary cells');
      await page.keyboard.press('Enter');
      await page.getByText(/matching symbols/).waitFor();
      await expect.poll(() => page.locator('.classification-match').first().innerText()).toMatch(/secondary/i);
      await page.getByPlaceholder('A symbol (e.g. H01M4) or words of a title').fill('battery');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.locator('.classification-match').allInnerTexts())
        .toEqual(
          expect.arrayContaining([expect.stringMatching(/^H01M\s.*BATTERIES/s), expect.stringMatching(/^H02J7\/00\s/)]),
        );
      await shot(page, 'classification-search-battery-en.png');
      await page.getByText('CPC', { exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('scheme') === 'cpc');
      await page.locator('.ant-tree-treenode', { hasText: 'GENERAL TAGGING OF NEW TECHNOLOGICAL' }).waitFor();
      await shot(page, 'classification-cpc-en.png');
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );
});
