import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from '../../fixtures/browser.js';
import { newSignedInPage, type ApiSession } from '../../fixtures/auth.js';
import { shot, watchRefusals } from '../../fixtures/page.js';
import type { RunningServer } from '../../fixtures/server.js';
import { signedInSpec } from '../../fixtures/spec.js';

const run = promisify(execFile);
const runBrowser = hasChromium();
const STEP_TIMEOUT_MS = 60_000;

const LOCALES = [
  {
    tag: 'zh',
    title: 'E2E 硅碳负极交底书',
    field: '本发明涉及锂离子电池负极材料技术领域。',
    solution: '采用多孔碳包覆纳米硅颗粒，碳层厚度为5至20纳米。',
    later: '现有硅负极在循环中体积膨胀，容量衰减快。',
    saved: /^已保存 \d\d:\d\d$/,
    inventionTitle: '一种硅碳负极材料',
    abstract: '本发明公开了一种硅碳负极材料，采用多孔碳包覆纳米硅颗粒。',
    heading: '技术方案',
    ok: /确\s*定/,
  },
  {
    tag: 'en',
    title: 'E2E Si-C anode disclosure',
    field: 'The invention relates to anode materials for lithium-ion batteries.',
    solution: 'Nano silicon particles are coated with porous carbon 5 to 20 nm thick.',
    later: 'Silicon anodes swell during cycling and lose capacity quickly.',
    saved: /^Saved at \d\d:\d\d$/,
    inventionTitle: 'Silicon-carbon anode',
    abstract: 'A silicon-carbon anode in which nano silicon is coated with porous carbon.',
    heading: 'Technical solution',
    ok: /^OK$/,
  },
] as const;

/** A drawing as a user would insert it: a schematic of the anode (layers and particles). */
async function drawingFile(): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="240">
    <rect width="480" height="240" fill="#ffffff"/>
    <rect x="20" y="150" width="440" height="50" fill="#8c8c8c"/>
    ${[60, 140, 220, 300, 380].map((x) => `<circle cx="${x}" cy="110" r="32" fill="#1677ff" stroke="#0b3d91" stroke-width="8"/>`).join('')}
    <text x="20" y="230" font-size="18" font-family="sans-serif">Fig. 1</text>
  </svg>`;
  const file = path.join(os.tmpdir(), `disclosure-fig-${process.pid}.png`);
  await writeFile(file, await sharp(Buffer.from(svg)).png().toBuffer());
  return file;
}

async function pageIn(browser: Browser, server: RunningServer, session: ApiSession, lang: 'zh' | 'en'): Promise<Page> {
  return newSignedInPage(browser, server.baseUrl, session, {
    viewport: { width: 1366, height: 900 },
    locale: lang === 'zh' ? 'zh-CN' : 'en-US',
    language: lang === 'en' ? 'en' : undefined,
  });
}

/** The editable area of a section. */
const sectionOf = (page: Page, key: string) => page.getByTestId(`disclosure-section-${key}`).locator('.ProseMirror');
const saveStatus = (page: Page) => page.getByTestId('disclosure-save-status');

async function waitSaved(page: Page): Promise<void> {
  await expect
    .poll(() => saveStatus(page).getAttribute('data-status'), { timeout: STEP_TIMEOUT_MS, interval: 200 })
    .toBe('saved');
}

/** Issue 22: write a disclosure with an image, autosaved; reload and find it; restore a version; export Word. */
describe.runIf(runBrowser)('[DISCLOSURE][WRITE]: disclosure writing', () => {
  const spec = signedInSpec();
  let drawing: string;

  beforeAll(async () => {
    drawing = await drawingFile();
  });

  for (const l of LOCALES) {
    it(`writes a disclosure with an image, autosaves, reloads, restores a version and exports Word (${l.tag})`, async () => {
      const page = await pageIn(spec.browser, spec.server, spec.session, l.tag);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const why = watchRefusals(page);

      // The spec's path leads to the page.
      await page.goto(`${spec.server.baseUrl}/disclosurePaper/addWrite`);
      await page.waitForURL((url) => url.pathname === '/innovationSpace/disclosurePaper/addWrite');
      await page.getByTestId('disclosure-title').fill(l.title);
      await sectionOf(page, 'field').click();
      await page.keyboard.type(l.field);
      await sectionOf(page, 'solution').click();
      await page.keyboard.type(l.solution);
      await page.keyboard.press('Enter');
      await page.getByTestId('disclosure-tool-image').waitFor();
      await page.getByTestId('disclosure-image-input').setInputFiles(drawing);
      const image = page.getByTestId('disclosure-section-solution').getByTestId('disclosure-image');
      await image.waitFor({ timeout: STEP_TIMEOUT_MS });
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
      expect(await page.getByTestId('disclosure-image-count').innerText()).toMatch(/1 \/ 10/);

      // Autosaved, with the time; the new document's id in the URL.
      await waitSaved(page);
      expect((await saveStatus(page).innerText()).trim()).toMatch(l.saved);
      const id = new URL(page.url()).searchParams.get('id');
      expect(id).toBeTruthy();
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `disclosure-editor-${l.tag}.png`);

      // "Save version" keeps this text as a version; then more text, autosaved.
      const versionNow = async () => Number(await page.getByTestId('disclosure-editor').getAttribute('data-version'));
      const beforePin = await versionNow();
      await page.getByTestId('disclosure-save-version').click();
      await expect.poll(versionNow, { timeout: STEP_TIMEOUT_MS }).toBe(beforePin + 1);
      await waitSaved(page);
      const pinned = await versionNow();
      await sectionOf(page, 'background').click();
      await page.keyboard.type(l.later);
      await expect.poll(versionNow, { timeout: STEP_TIMEOUT_MS }).toBeGreaterThan(pinned);
      await waitSaved(page);

      // Reload: everything is there, the image too.
      await page.reload();
      await sectionOf(page, 'background').waitFor();
      expect(await page.getByTestId('disclosure-title').inputValue()).toBe(l.title);
      expect(await sectionOf(page, 'field').innerText()).toBe(l.field);
      expect(await sectionOf(page, 'background').innerText()).toBe(l.later);
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: STEP_TIMEOUT_MS })
        .toBe(480);

      // The list finds it by its title.
      await page.goto(`${spec.server.baseUrl}/innovationSpace/disclosure?title=${encodeURIComponent(l.title)}`);
      const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: l.title });
      await row.waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
      await shot(page, `disclosure-list-${l.tag}.png`);
      await row.getByTestId('disclosure-list-open').click();
      await page.waitForURL((url) => url.pathname === '/innovationSpace/disclosurePaper/editWrite');
      await sectionOf(page, 'background').waitFor();

      // Versions: preview the saved one (without the later text) and restore it.
      await page.getByTestId('disclosure-versions-open').click();
      const item = page.locator(`[data-testid="disclosure-version-item"][data-version="${pinned}"]`);
      await item.waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await page.getByTestId('disclosure-version-item').count()).toBeGreaterThanOrEqual(2);
      await item.click();
      const preview = page.getByTestId('disclosure-version-preview');
      await expect.poll(() => preview.innerText(), { timeout: STEP_TIMEOUT_MS }).toContain(l.solution);
      expect(await preview.innerText()).not.toContain(l.later);
      expect(new URL(page.url()).searchParams.get('versionId')).toBeTruthy();
      await expect
        .poll(() => page.locator('.ant-drawer-content-wrapper[class*="motion"]').count(), { timeout: STEP_TIMEOUT_MS })
        .toBe(0);
      await shot(page, `disclosure-versions-${l.tag}.png`);
      await page.getByTestId('disclosure-version-restore').click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: l.ok }).click();
      await expect
        .poll(async () => (await sectionOf(page, 'background').innerText()).trim(), { timeout: STEP_TIMEOUT_MS })
        .toBe('')
        .catch(why.explain);
      expect(await sectionOf(page, 'field').innerText()).toBe(l.field);
      await expect.poll(() => image.count()).toBe(1);

      // Word export: the sections under their headings, with the image.
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: STEP_TIMEOUT_MS }),
        page.getByTestId('disclosure-export').click(),
      ]);
      const file = await download.path();
      const { stdout: listing } = await run('unzip', ['-l', file]);
      expect(listing).toMatch(/word\/media\/\S+\.png/);
      const { stdout: xml } = await run('unzip', ['-p', file, 'word/document.xml'], { maxBuffer: 10 * 1024 * 1024 });
      const text = xml.replace(/<[^>]+>/g, '');
      for (const expected of [l.title, l.field, l.solution, l.heading]) expect(text).toContain(expected);
      expect(text).not.toContain(l.later);

      // An application draft (/patentApply): the 说明书 starts with its headings; title and abstract counted live.
      await page.goto(`${spec.server.baseUrl}/patentApply`);
      await page.waitForURL((url) => url.pathname === '/innovationSpace/patentApply');
      await page.getByTestId('disclosure-new').click();
      await page.getByTestId('disclosure-section-title').fill(l.inventionTitle);
      await sectionOf(page, 'abstract').click();
      await page.keyboard.type(l.abstract);
      expect(await page.getByTestId('disclosure-abstract-count').innerText()).toContain(`${l.abstract.length} / 300`);
      await waitSaved(page);
      expect(new URL(page.url()).searchParams.get('id')).toBeTruthy();
      expect(await sectionOf(page, 'description').locator('h3').count()).toBe(5);
      await page.getByTestId('disclosure-pre-assess').waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `disclosure-application-${l.tag}.png`);

      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});
