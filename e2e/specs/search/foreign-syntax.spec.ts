import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium } from '../../fixtures/browser.js';
import { newSignedInPage } from '../../fixtures/auth.js';
import { resultTotal, shot, waitFor, waitForMotionEnd, watchRefusals } from '../../fixtures/page.js';
import { signedInSpec } from '../../fixtures/spec.js';

const runBrowser = hasChromium();

const PATSNAP = 'TAC:(电池 $W5 正极) AND APD:[20100101 TO 20251231]';
const PATLAS = 'TIABC=(电池 N/5 正极) AND AD=[20100101 TO 20251231]';
const INCOPAT = 'TIABC=(电池 W/5 正极) AND AP-TYPE=(大专院校)';

const LOCALES = [
  {
    locale: 'zh-CN',
    tag: 'zh',
    editor: '检索式',
    title: '识别为 智慧芽（PatSnap） 检索式',
    use: '使用 Patlas 检索式',
    translateFrom: '从其他系统转换…',
    incopat: 'incoPat',
    noEquivalent: '没有对应写法',
  },
  {
    locale: 'en-US',
    tag: 'en',
    editor: 'Search expression',
    title: 'Recognised as PatSnap syntax',
    use: 'Use Patlas expression',
    translateFrom: 'Translate from…',
    incopat: 'incoPat',
    noEquivalent: 'No equivalent',
  },
] as const;

/** A paste as the browser fires it: the paste event with its clipboard text, then the new value. */
async function paste(editor: Locator, text: string): Promise<void> {
  await editor.fill(text);
  await editor.evaluate((el, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/**
 * Issue 48 item 2: another system's expression pasted into the expression editor is recognised,
 * shown beside its Patlas translation with what changed and what has no equivalent, and runs once
 * the user takes the translation.
 */
describe.runIf(runBrowser)('[SEARCH][FOREIGN]: pasting another system’s syntax', () => {
  const spec = signedInSpec();

  for (const lang of LOCALES) {
    it(`translates a pasted PatSnap expression and searches it (${lang.tag})`, async () => {
      const page = await newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, {
        viewport: { width: 1440, height: 900 },
        locale: lang.locale,
        language: lang.tag === 'en' ? 'en' : undefined,
      });
      await page.goto(`${spec.server.baseUrl}/search/quick`);
      const editor = page.getByRole('textbox', { name: lang.editor });
      await editor.waitFor({ timeout: 60_000 });
      await paste(editor, PATSNAP);

      const notice = page.getByTestId('foreign-syntax-notice');
      await notice.waitFor({ timeout: 60_000 });
      expect(await notice.innerText()).toContain(lang.title);
      expect(await page.getByTestId('foreign-original').innerText()).toBe(PATSNAP);
      expect(await page.getByTestId('foreign-patlas').innerText()).toBe(PATLAS);
      const changes = await page.getByTestId('foreign-changes').innerText();
      // Each mapping said once, as the issue writes it: "incoPat `AP=` → Patlas `PA=`".
      expect(changes).toContain('TAC: → Patlas TIABC=');
      expect(changes).toContain('$W5 → Patlas N/5');
      expect(changes).toContain('APD: → Patlas AD=');
      await notice.scrollIntoViewIfNeeded();
      await shot(page, `foreign-syntax-patsnap-${lang.tag}.png`);

      await page.getByRole('button', { name: lang.use }).click();
      await notice.waitFor({ state: 'hidden' });
      expect(await editor.inputValue()).toBe(PATLAS);
      await page.locator('.expr-editor-submit').click();
      await page.waitForURL(/\/innovationSpace\/searchResult\?q=/, { timeout: 60_000 });
      expect(new URL(page.url()).searchParams.get('q')).toBe(PATLAS);
      // The translated expression ran: the result page answers its total.
      expect(Number.isInteger(await resultTotal(page))).toBe(true);

      // "Translate from…" reads the box as the chosen system; what has no equivalent is listed.
      await page.goto(`${spec.server.baseUrl}/search/quick`);
      await editor.fill(INCOPAT);
      // The box holds the text before the system is chosen ("Translate from…" reads the box).
      await expect.poll(() => editor.inputValue(), { timeout: 60_000 }).toBe(INCOPAT);
      const why = watchRefusals(page);
      const asked: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/expression/foreign')) asked.push(r.postData() ?? '');
      });
      const chooseIncopat = async () => {
        await page.getByRole('button', { name: lang.translateFrom }).click();
        await waitForMotionEnd(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').last());
        await page.getByRole('menuitem', { name: lang.incopat }).click();
      };
      await chooseIncopat();
      // CI once saw no translation asked at all after the choice (1 run in about 20 on a machine
      // loaded 5× its cores: the click most likely landed while the page above the editor moved).
      // A person would choose again; the test does so once, saying it did, and fails otherwise.
      if (!(await waitFor(async () => asked.length > 0, 20_000))) {
        console.warn(`[foreign-syntax ${lang.tag}] no translation asked after the first choice; choosing again`);
        await chooseIncopat();
      }
      // The notice, or (should the translation fail) the error shown in its place: fail saying which.
      const failed = page.locator('.expr-editor .ant-alert-error');
      const settled = await waitFor(async () => (await notice.isVisible()) || (await failed.isVisible()), 90_000);
      if (!settled || (await failed.isVisible())) {
        await why.explain(
          new Error(
            `no translation notice; the box holds ${JSON.stringify(await editor.inputValue())}; ` +
              `translations asked: ${JSON.stringify(asked)}`,
          ),
        );
      }
      expect(await page.getByTestId('foreign-patlas').innerText()).toBe('TIABC=(电池 W/5 正极)');
      expect(await page.getByTestId('foreign-kept').innerText()).toContain('W/5');
      const unsupported = page.getByTestId('foreign-unsupported');
      expect(await unsupported.innerText()).toContain('AP-TYPE=');
      expect(await notice.innerText()).toContain(lang.noEquivalent);
      // The system menu has closed (its fade would otherwise cover the notice in the picture).
      await expect
        .poll(() => page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').count(), { timeout: 60_000 })
        .toBe(0);
      await notice.scrollIntoViewIfNeeded();
      await shot(page, `foreign-syntax-unsupported-${lang.tag}.png`);
      await page.close();
    });
  }
});
