import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser } from '../../fixtures/browser.js';
import { apiLogin, DEMO, newSignedInPage, type ApiSession } from '../../fixtures/auth.js';
import { resultTotal, shot } from '../../fixtures/page.js';
import { startServer, type RunningServer } from '../../fixtures/server.js';

const runBrowser = hasChromium();

describe.runIf(runBrowser)('[SEARCH][EXPRESSION]: expression search on the demo corpus', () => {
  let server: RunningServer;
  let browser: Browser;
  // Gated pages need a session: one API login, seeded into each page's storage.
  let session: ApiSession;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    session = await apiLogin(server.baseUrl, DEMO.email, DEMO.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('searches from /home, filters, switches views, pages, reloads and opens a patent', async () => {
    const page = await newSignedInPage(browser, server.baseUrl, session, {
      viewport: { width: 1366, height: 900 },
      locale: 'zh-CN',
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(`${server.baseUrl}/search/quick`);
    await page.waitForURL(/\/home\?tabName=quick/);
    const editor = page.getByRole('textbox', { name: '检索式' });
    await editor.fill('TI=(电池)');
    await shot(page, 'search-home-quick-zh.png');
    await page
      .getByRole('button', { name: /检\s*索/ })
      .last()
      .click();
    await page.waitForURL(/\/innovationSpace\/searchResult\?q=TI%3D%28%E7%94%B5%E6%B1%A0%29/);
    const total = await resultTotal(page);
    expect(total).toBeGreaterThan(40);
    const rows = page.locator('.result-table tbody tr.result-row');
    await expect.poll(() => rows.count()).toBe(20);
    expect(await page.locator('.result-table em.search-hit').count()).toBeGreaterThan(0);
    await shot(page, 'search-results-list-zh.png');
    await shot(page, 'search-results-list-zh-full.png', true);

    // A facet value filters on it alone; the total drops.
    await page.locator('[data-facet="patentType"] .facet-value-button', { hasText: '实用新型' }).click();
    await page.waitForURL(/f=patentType/);
    await expect.poll(() => resultTotal(page)).toBeLessThan(total);
    const filtered = await resultTotal(page);
    expect(filtered).toBeGreaterThan(20);
    expect(await page.getByText('专利类型: 实用新型').count()).toBe(1);

    // The selection is kept across pages of the same result set.
    await page.getByRole('button', { name: '选择本页' }).click();
    await expect.poll(() => page.getByTestId('selection-count').innerText()).toBe('已选 20 条');

    await page.getByText('图文', { exact: true }).click();
    await page.waitForURL(/view=tuwenshitu/);
    await expect.poll(() => page.locator('.image-text-item').count()).toBe(20);
    await shot(page, 'search-results-image-text-zh.png');

    // No record of this set has drawings (issue 43): the drawing views are off, with the reason.
    await expect
      .poll(() => page.getByTestId('no-drawings-in-set').innerText())
      .toBe('本结果集的专利均无附图（来源数据不含附图），全部附图和首图视图不可用');
    expect(await page.locator('.result-views .ant-segmented-item-disabled').allInnerTexts()).toEqual([
      '全部附图',
      '首图',
    ]);
    await shot(page, 'search-results-no-drawings-zh.png');

    await page.locator('.results-pagination .patlas-pager-item-2').click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => page.locator('.image-text-item .result-card-index').first().innerText()).toBe('21');
    expect(await page.getByTestId('selection-count').innerText()).toBe('已选 20 条');

    // The URL holds the whole state: a reload shows the same page.
    const before = page.url();
    await page.reload();
    await expect.poll(() => page.locator('.image-text-item').count()).toBeGreaterThan(0);
    expect(page.url()).toBe(before);
    expect(await resultTotal(page)).toBe(filtered);
    expect(await page.locator('.image-text-item .result-card-index').first().innerText()).toBe('21');
    expect(await page.getByText('专利类型: 实用新型').count()).toBe(1);

    await page.getByText('列表', { exact: true }).click();
    await page.waitForURL((url) => !url.searchParams.has('view') && url.searchParams.get('page') === '2');
    await expect.poll(() => page.locator('.result-table tbody tr.result-row').count()).toBe(20);
    expect(await page.locator('.result-table tbody tr.result-row td').nth(1).innerText()).toBe('21');
    const firstNumber = await page.locator('.result-table .result-number').first().innerText();
    await page.locator('.result-table tbody tr.result-row').first().locator('td').nth(3).click();
    await page.waitForURL(/\/innovationSpace\/searchDetail\?pn=/);
    expect(new URL(page.url()).searchParams.get('pn')).toBe(firstNumber);
    await expect.poll(() => page.getByRole('tab', { name: '基本信息' }).count()).toBe(1);

    const body = await page.locator('body').innerText();
    expect(body).not.toMatch(/undefined|NaN/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a bad expression positioned, in the editor and from the server', async () => {
    const page = await newSignedInPage(browser, server.baseUrl, session, {
      viewport: { width: 1366, height: 900 },
      locale: 'zh-CN',
    });
    await page.goto(`${server.baseUrl}/home`);
    const editor = page.getByRole('textbox', { name: '检索式' });
    // The field picker inserts the code at the cursor.
    await page.getByRole('combobox', { name: '插入字段代码' }).click();
    await page.keyboard.type('摘要');
    await page.keyboard.press('Enter');
    await expect.poll(() => editor.inputValue()).toBe('AB=');
    await editor.fill('TI=(电池');
    const message = page.getByTestId('expression-error');
    await expect.poll(() => message.innerText()).toBe('检索式有误：第 4 列的括号“(”不匹配');
    expect(
      await page
        .getByRole('button', { name: /检\s*索/ })
        .last()
        .isDisabled(),
    ).toBe(true);
    await shot(page, 'search-editor-error-zh.png');

    // A deep link with a bad expression: the server's message, and the span marked in the editor.
    await page.goto(`${server.baseUrl}/innovationSpace/searchResult?q=${encodeURIComponent('TI=(电池) AND FOO=1')}`);
    await expect.poll(() => page.getByText('检索式有误：第 13 列的字段“FOO”不存在').first().isVisible()).toBe(true);
    expect(await page.locator('.expr-tok-error-span').first().innerText()).toBe('FOO');
    await shot(page, 'search-results-bad-expression-zh.png');
    await page.close();
  });

  it('shows every drawing of US designs in the all-drawings view', async () => {
    const page = await newSignedInPage(browser, server.baseUrl, session, {
      viewport: { width: 1366, height: 900 },
      locale: 'zh-CN',
    });
    const q = encodeURIComponent('CC=US AND PT=design');
    await page.goto(`${server.baseUrl}/innovationSpace/searchResult?q=${q}&view=quanfutushitu`);
    expect(await resultTotal(page)).toBeGreaterThan(20);
    const images = page.locator('.all-drawings-grid img');
    await expect.poll(() => images.count()).toBeGreaterThan(20);
    await images.first().scrollIntoViewIfNeeded();
    await expect
      .poll(() => images.first().evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await shot(page, 'search-results-all-drawings-zh.png');
    await shot(page, 'search-results-all-drawings-zh-full.png', true);
    await page.close();
  });

  it('[ISSUE 14] searches pasted numbers as numbers, says what a date condition left out, marks untitled rows', async () => {
    const page = await newSignedInPage(browser, server.baseUrl, session, {
      viewport: { width: 1366, height: 900 },
      locale: 'zh-CN',
    });
    // A pasted list of numbers: searched in PN, shown as the expression that runs.
    await page.goto(`${server.baseUrl}/home?tabName=quick`);
    await page.getByRole('textbox', { name: '检索式' }).fill('CN215644798U\nCN 1040317 C');
    await expect
      .poll(() => page.getByTestId('quick-number-hint').innerText())
      .toContain('PN=(CN215644798U OR CN1040317C)');
    await shot(page, 'issue14-quick-numbers-zh.png');
    await page
      .getByRole('button', { name: /检\s*索/ })
      .last()
      .click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'PN=(CN215644798U OR CN1040317C)');
    expect(await resultTotal(page)).toBe(2);
    // CN1040317C has no title: its row shows its number, marked.
    const untitled = page.getByTestId('untitled-hit');
    await expect.poll(() => untitled.innerText()).toContain('CN1040317C');
    expect(await untitled.innerText()).toContain('无标题');
    await shot(page, 'issue14-numbers-results-untitled-zh.png');

    // A number typed alone in the result page's editor is searched as a number at once (issue 43),
    // and the page says so with the expression it ran.
    await page.goto(`${server.baseUrl}/innovationSpace/searchResult?q=${encodeURIComponent('CN215644798U')}`);
    await expect.poll(() => resultTotal(page)).toBe(1);
    await expect.poll(() => page.getByTestId('note-code-search').innerText()).toContain('PN=CN215644798U');
    // Mixed into words, a number is still searched as text, and the note offers PN= (below, in English).
    const numberNote = page.getByTestId('note-number-terms');

    // Many cathode patents have no publication date: PD>=2020 cannot match them, and says how many.
    const totalOfQuery = async (q: string) => {
      await page.goto(`${server.baseUrl}/innovationSpace/searchResult?q=${encodeURIComponent(q)}`);
      return resultTotal(page);
    };
    const cathodes = await totalOfQuery('TI=(电池 AND 正极)');
    expect(cathodes).toBeGreaterThan(0);
    const earlier = await totalOfQuery('TI=(电池 AND 正极) AND PD<2020');
    const dated = 'TI=(电池 AND 正极) AND PD>=2020';
    await page.goto(`${server.baseUrl}/innovationSpace/searchResult?q=${encodeURIComponent(dated)}`);
    const missing = page.getByTestId('note-missing-field');
    await expect.poll(() => missing.innerText()).toMatch(/\d+ 篇专利没有公开\(公告\)日，因此未被 PD>=2020 匹配/);
    const left = Number(/(\d+) 篇/.exec(await missing.innerText())?.[1]);
    // Every cathode patent is dated before 2020, from 2020, or undated (the note's count).
    expect(left).toBeGreaterThan(0);
    expect(left + earlier + (await resultTotal(page))).toBe(cathodes);
    await shot(page, 'issue14-missing-date-zh.png');
    await missing.getByText('查看不含该条件的结果').click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'TI=(电池 AND 正极)');
    await expect.poll(() => resultTotal(page)).toBe(cathodes);

    // The same notes in English.
    await page.getByText('English', { exact: true }).click();
    await page.goto(`${server.baseUrl}/innovationSpace/searchResult?q=${encodeURIComponent(dated)}`);
    await expect
      .poll(() => missing.innerText())
      .toContain('have no publication date and so were not matched by PD>=2020');
    await shot(page, 'issue14-missing-date-en.png');
    await page.goto(
      `${server.baseUrl}/innovationSpace/searchResult?q=${encodeURIComponent('PN=(CN215644798U OR CN1040317C)')}`,
    );
    await expect.poll(() => untitled.innerText()).toContain('No title');
    await shot(page, 'issue14-numbers-results-untitled-en.png');
    await page.goto(`${server.baseUrl}/innovationSpace/searchResult?q=${encodeURIComponent('电池 CN215644798U')}`);
    await expect.poll(() => numberNote.innerText()).toContain('is written like a patent number');
    await shot(page, 'issue14-number-term-en.png');
    await page.goto(`${server.baseUrl}/home?tabName=quick`);
    await page.getByRole('textbox', { name: 'Search expression' }).fill('US 8,930,553 B2');
    await expect.poll(() => page.getByTestId('quick-number-hint').innerText()).toContain('PN=US8930553B2');
    await shot(page, 'issue14-quick-numbers-en.png');
    await page.close();
  });

  it('shows results and the help page in English', async () => {
    const page = await newSignedInPage(browser, server.baseUrl, session, {
      viewport: { width: 1366, height: 900 },
      locale: 'en-US',
      language: 'en',
    });
    await page.goto(`${server.baseUrl}/innovationSpace/help`);
    await page.waitForURL(/\/innovationSpace\/help\/Description/);
    await page.getByRole('article').getByRole('link', { name: 'Search rules' }).click();
    await page.waitForURL(/\/innovationSpace\/help\/Detection/);
    await expect.poll(() => page.getByRole('heading', { name: 'Boolean operators and precedence' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: '逻辑运算符与优先级' }).count()).toBe(0);
    await shot(page, 'help-detection-en.png');

    // Totals in English are plain numbers with separators, not 万.
    await page.goto(`${server.baseUrl}/innovationSpace/searchResult?q=${encodeURIComponent('CC=US AND PT=design')}`);
    await expect.poll(() => page.getByTestId('result-total').innerText()).toMatch(/^\d{1,3}(,\d{3})* results$/);
    expect(await page.getByRole('columnheader', { name: 'Publication number' }).count()).toBe(1);
    await shot(page, 'search-results-list-en.png');
    await page.close();
  });
});
