import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium } from '../../fixtures/browser.js';
import { newSignedInPage } from '../../fixtures/auth.js';
import { shot } from '../../fixtures/page.js';
import { signedInSpec } from '../../fixtures/spec.js';

const runBrowser = hasChromium();
const STEP_TIMEOUT_MS = 60_000;

// Claims typed as a user types them: "1. " starts the editor's numbered list, Enter the next claim.
// Claim 2 refers to claim 3, a later claim: the formal review's "dependent claim references" rule.
const LOCALES = [
  {
    tag: 'zh',
    locale: 'zh-CN',
    title: '一种电池包',
    claim1: '1. 一种电池包，包括壳体(1)和设置在所述壳体内的电芯(2)。',
    wrong: '根据权利要求3所述的电池包，其特征在于，所述壳体为铝合金壳体。',
    right: '根据权利要求1所述的电池包，其特征在于，所述壳体为铝合金壳体。',
    category: '申请文件',
  },
  {
    tag: 'en',
    locale: 'en-US',
    title: 'Battery pack',
    claim1: '1. A battery pack comprising a housing (1) and a cell (2) arranged in the housing.',
    wrong: 'The battery pack according to claim 3, wherein the housing is made of aluminium alloy.',
    right: 'The battery pack according to claim 1, wherein the housing is made of aluminium alloy.',
    category: 'Application drafts',
  },
] as const;

const sectionOf = (page: Page, key: string) => page.getByTestId(`disclosure-section-${key}`).locator('.ProseMirror');
const findings = (page: Page, rule: string) =>
  page.getByTestId('disclosure-formal-review').locator(`[data-testid="formal-finding"][data-rule="${rule}"]`);

/**
 * Issue 22 across its tools: an application draft written with its formal review beside it, a
 * finding located in the text and fixed; the draft found on the innovation space's home and in the
 * workbench; pre-evaluated, and the evaluation's formal review tab.
 */
describe.runIf(runBrowser)('[INNOVATION-SPACE]: drafting with the formal review, home and workbench', () => {
  const spec = signedInSpec();

  for (const l of LOCALES) {
    it(`fixes a formal finding in an application draft, finds it on the home and the workbench, pre-evaluates it (${l.tag})`, async () => {
      const page: Page = await newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, {
        viewport: { width: 1440, height: 1000 },
        locale: l.locale,
        language: l.tag === 'en' ? 'en' : undefined,
      });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));

      // A new application draft: title and claims, claim 2 referring to a later claim.
      await page.goto(`${spec.server.baseUrl}/patentApply`);
      await page.waitForURL((url) => url.pathname === '/innovationSpace/patentApply');
      await page.getByTestId('disclosure-new').click();
      await page.getByTestId('disclosure-title').fill(l.title);
      await page.getByTestId('disclosure-section-title').fill(l.title);
      await sectionOf(page, 'claims').click();
      await page.keyboard.type(l.claim1);
      await page.keyboard.press('Enter');
      await page.keyboard.type(l.wrong);

      // The review beside the editor finds it; a click selects its place in the claims.
      await findings(page, 'claim-reference').first().waitFor({ timeout: STEP_TIMEOUT_MS });
      await findings(page, 'claim-reference').first().click();
      await expect
        .poll(() => page.evaluate(() => window.getSelection()?.toString() ?? ''), { timeout: STEP_TIMEOUT_MS })
        .toMatch(/3/);
      await shot(page, `innovation-formal-finding-${l.tag}.png`);

      // Fixed in the text: the finding goes, the draft is saved.
      await sectionOf(page, 'claims').click();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(l.claim1);
      await page.keyboard.press('Enter');
      await page.keyboard.type(l.right);
      await expect.poll(() => findings(page, 'claim-reference').count(), { timeout: STEP_TIMEOUT_MS }).toBe(0);
      await expect
        .poll(() => page.getByTestId('disclosure-save-status').getAttribute('data-status'), {
          timeout: STEP_TIMEOUT_MS,
        })
        .toBe('saved');
      const draftId = new URL(page.url()).searchParams.get('id');
      expect(draftId).toBeTruthy();
      await shot(page, `innovation-formal-fixed-${l.tag}.png`);

      // The innovation space's home lists it among the recent application drafts.
      await page.goto(`${spec.server.baseUrl}/innovationSpaceHome`);
      await page.waitForURL((url) => url.pathname === '/innovationSpace');
      const recent = page.getByTestId('innovation-recent-application');
      await recent.getByText(l.title, { exact: true }).first().waitFor({ timeout: STEP_TIMEOUT_MS });
      await page.getByTestId('innovation-quotas').waitFor();
      await shot(page, `innovation-home-${l.tag}.png`);

      // The workbench: the draft in the tree, its details, then the column view by URL.
      await page.goto(`${spec.server.baseUrl}/workspace`);
      await page.waitForURL((url) => url.pathname === '/innovationSpace/workspace');
      const tree = page.getByTestId('workspace-tree');
      await tree.getByText(l.title, { exact: true }).first().click({ timeout: STEP_TIMEOUT_MS });
      await expect.poll(() => page.getByTestId('workspace-details').innerText()).toContain(l.category);
      await shot(page, `innovation-workspace-tree-${l.tag}.png`);
      await page.goto(
        `${spec.server.baseUrl}/innovationSpace/workspace?view=columns&category=application&item=${draftId}`,
      );
      await expect
        .poll(() => page.getByTestId('workspace-columns').getByTestId('workspace-details').innerText(), {
          timeout: STEP_TIMEOUT_MS,
        })
        .toContain(l.title);
      await shot(page, `innovation-workspace-columns-${l.tag}.png`);

      // Pre-evaluated from the draft: the form takes its claims; the result's formal review reads the whole draft.
      await page.goto(`${spec.server.baseUrl}/innovationSpace/preAssessment?documentId=${draftId}`);
      await expect
        .poll(() => page.getByTestId('pre-text').inputValue(), { timeout: STEP_TIMEOUT_MS })
        .toContain(l.right);
      await page.getByTestId('pre-submit').click();
      await page.waitForURL((url) => url.pathname === '/innovationSpace/preAssessmentSearch');
      await page.getByTestId('open-matrix').click({ timeout: 180_000 });
      await page.waitForURL((url) => url.pathname === '/innovationSpace/estimateDetails');
      await page.getByRole('tab', { name: l.tag === 'zh' ? '形式审查' : 'Formal review' }).click();
      const panel = page.getByTestId('formal-review-panel');
      await panel.waitFor({ timeout: STEP_TIMEOUT_MS });
      // The description is still only headings: the reference signs of the claims are not in it.
      await panel.locator('[data-rule="reference-signs"]').first().click({ timeout: STEP_TIMEOUT_MS });
      await page.getByTestId('pre-formal-mark').waitFor();
      expect(await page.getByTestId('pre-formal-mark').innerText()).toMatch(/1|2/);
      await shot(page, `innovation-pre-formal-${l.tag}.png`);

      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});
