import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium } from '../../fixtures/browser.js';
import { newSignedInPage } from '../../fixtures/auth.js';
import { shot } from '../../fixtures/page.js';
import { signedInSpec } from '../../fixtures/spec.js';

const runBrowser = hasChromium();

/** CN115412894A of the demo corpus (cn-patentics-incopat): claim 1 as published. */
const SOURCE = 'CN115412894A';
const CLAIM =
  '一种基于WiFi?Aware的急救系统，其特征在于，包括： 　　急救请求设备，用于发送急救信号； 　　WiFi?Aware转发设备，用于接收所述急救信号，并将所述急救信号转发给急救中心设备； ' +
  '　　急救中心设备，用于根据接收到的急救信号，筛选得到救援车辆，并向所述救援车辆发送救援请求信号；以及，接收所述救援车辆返回的救援响应信号； 　　救援车辆，用于根据所述救援请求信号，发出救援响应信号。';

const LOCALES = [
  { locale: 'zh-CN', tag: 'zh', high: '高' },
  { locale: 'en-US', tag: 'en', high: 'High' },
] as const;

/**
 * Issue 22: a real claim of the demo corpus pre-evaluated (its own publication not given, so the
 * corpus holds it as an X document), its feature matrix, one cell's evidence, the Word export.
 */
describe.runIf(runBrowser)('[PRE-EVALUATION]: pre-evaluation with its evidence', () => {
  const spec = signedInSpec();

  for (const l of LOCALES) {
    it(`runs a pre-evaluation of a real claim, opens its matrix, a cell's evidence, and exports it (${l.tag})`, async () => {
      const page: Page = await newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, {
        viewport: { width: 1440, height: 1000 },
        locale: l.locale,
        language: l.tag === 'en' ? 'en' : undefined,
      });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      // The spec's path /preAssessment leads to the page.
      await page.goto(`${spec.server.baseUrl}/preAssessment`);
      await page.waitForURL((url) => url.pathname === '/innovationSpace/preAssessment');

      // Under 30 characters: refused on the page, nothing sent.
      await page.getByTestId('pre-text').fill('一种急救系统');
      await expect.poll(() => page.getByTestId('pre-too-short').isVisible()).toBe(true);

      await page.getByTestId('pre-text').fill(CLAIM);
      await page.getByTestId('pre-title').fill(l.tag === 'zh' ? '急救系统预评估' : 'First-aid system');
      // The error border of the short text fades once the text is long enough: the picture waits for it.
      await expect
        .poll(() => page.getByTestId('pre-text').evaluate((el) => getComputedStyle(el).borderColor))
        .not.toBe('rgb(255, 77, 79)');
      await shot(page, `pre-evaluation-form-${l.tag}.png`);
      await page.getByTestId('pre-submit').click();
      await page.waitForURL((url) => url.pathname === '/innovationSpace/preAssessmentSearch');

      // The prior art once the job is done: the claim's own publication first among those disclosing it all.
      await page.getByTestId('prior-art').waitFor({ timeout: 180_000 });
      expect(await page.getByTestId('prior-art').innerText()).toContain(SOURCE);
      await expect.poll(() => page.getByTestId('risk-novelty-level').innerText()).toBe(l.high);
      await shot(page, `pre-evaluation-prior-art-${l.tag}.png`);

      await page.getByTestId('open-matrix').click();
      await page.waitForURL((url) => url.pathname === '/innovationSpace/estimateDetails');
      const matrix = page.getByTestId('feature-matrix');
      await matrix.waitFor();
      const cell = page.getByTestId(`cell-1-${SOURCE}`);
      expect(await cell.getAttribute('data-match')).toBe('disclosed');
      await shot(page, `pre-evaluation-matrix-${l.tag}.png`, true);

      await cell.click();
      const evidence = page.getByTestId('cell-evidence');
      await evidence.waitFor();
      await expect.poll(() => page.url()).toContain(`pn=${SOURCE}`);
      expect(await evidence.getByTestId('evidence-passage').innerText()).toContain('急救请求设备');
      expect(await evidence.getByTestId('evidence-mark').count()).toBeGreaterThanOrEqual(2);
      await evidence.scrollIntoViewIfNeeded();
      await shot(page, `pre-evaluation-evidence-${l.tag}.png`);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('pre-export-docx').click(),
      ]);
      const bytes = await readFile(await download.path());
      expect(bytes.subarray(0, 2).toString()).toBe('PK');
      expect(download.suggestedFilename()).toMatch(
        l.tag === 'zh' ? /^预评估报告-\d{8}\.docx$/ : /^pre-evaluation-\d{8}\.docx$/,
      );

      // One document against every feature.
      await page.goto(`${spec.server.baseUrl}/docDetails?${new URL(page.url()).searchParams.toString()}`);
      await page.waitForURL((url) => url.pathname === '/innovationSpace/docDetails');
      await page.getByTestId('doc-evidence').waitFor();
      expect(await page.getByTestId('evidence').count()).toBe(6);
      await shot(page, `pre-evaluation-document-${l.tag}.png`);

      expect(errors).toEqual([]);
      await page.context().close();
    }, 300_000);
  }
});
