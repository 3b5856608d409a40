import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser } from '../../fixtures/browser.js';
import { apiCall, apiLogin, DEMO, newSignedInPage, type ApiSession } from '../../fixtures/auth.js';
import { shot } from '../../fixtures/page.js';
import { startServer, type RunningServer } from '../../fixtures/server.js';

const runBrowser = hasChromium();

const LOCALES = [
  {
    locale: 'zh-CN',
    tag: 'zh',
    fileName: '技术交底书-电池热管理.txt',
    upload: '上传文件',
    success: '上传成功',
    download: /下\s*载/,
    remove: /删\s*除/,
    ok: /确\s*定/,
  },
  {
    locale: 'en-US',
    tag: 'en',
    fileName: 'disclosure battery cooling.txt',
    upload: 'Upload files',
    success: 'Uploaded',
    download: /Download$/,
    remove: /Delete$/,
    ok: /^OK$/,
  },
] as const;

/**
 * A real text file of about 2.4 MB (over two 1 MB pieces): a drafting note repeated with a line
 * number, so each piece differs and a piece out of place would change the bytes.
 */
function draftNote(lang: string): Buffer {
  const line =
    lang === 'zh'
      ? '一种电池热管理系统，包括液冷板、温度传感器和控制器，控制器根据温度调节冷却液流量。'
      : 'A battery thermal management system with a cold plate, temperature sensors and a controller.';
  const lines: string[] = [];
  let size = 0;
  for (let n = 1; size < 2.4 * 1024 * 1024; n += 1) {
    const text = `${n}\t${line}\n`;
    lines.push(text);
    size += Buffer.byteLength(text);
  }
  return Buffer.from(lines.join(''), 'utf8');
}

/** Issue 22: My files — upload a real file in chunks, see it listed, download the same bytes, delete it. */
describe.runIf(runBrowser)('[FILES][MY-FILES]: chunked upload, list, download and delete', () => {
  let server: RunningServer;
  let browser: Browser;
  let session: ApiSession;
  let workDir: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    session = await apiLogin(server.baseUrl, DEMO.email, DEMO.password);
    workDir = mkdtempSync(path.join(tmpdir(), 'patlas-my-files-'));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  for (const l of LOCALES) {
    it(`uploads a 2.4 MB file in 1 MB pieces, lists it, downloads the same bytes and deletes it (${l.tag})`, async () => {
      const content = draftNote(l.tag);
      const source = path.join(workDir, l.fileName);
      writeFileSync(source, content);
      const page: Page = await newSignedInPage(browser, server.baseUrl, session, {
        viewport: { width: 1366, height: 900 },
        locale: l.locale,
        language: l.tag === 'en' ? 'en' : undefined,
      });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      // Chromium does not expose multipart bodies holding a Blob: the pieces are counted, their bytes checked by the MD5 below.
      let piecesPosted = 0;
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/api/product/file/my/file/upload'))
          piecesPosted += 1;
      });
      // The spec's path /myFile leads to the page.
      await page.goto(`${server.baseUrl}/myFile`);
      await page.waitForURL((url) => url.pathname === '/innovationSpace/myFile');
      await page.getByRole('button', { name: l.upload }).first().click();
      await page.waitForURL((url) => url.searchParams.get('upload') === '1');
      const dialog = page.getByRole('dialog');
      await dialog.locator('input[type="file"]').setInputFiles(source);

      const item = dialog.getByTestId('chunked-upload-item');
      await expect.poll(() => item.getAttribute('data-status'), { timeout: 60_000 }).toBe('success');
      expect(await item.getByTestId('chunked-upload-status').innerText()).toBe(l.success);
      // 2.4 MB in 1 MB pieces: three POSTs, and the server holds the file whole (its MD5 and size).
      expect(piecesPosted).toBe(3);
      const listed = await apiCall<{ items: { fileName: string; md5: string; size: number }[] }>(
        server.baseUrl,
        session.tokens.access_token,
        'GET',
        `/product/file/my/file/list?name=${encodeURIComponent(l.fileName)}`,
      );
      expect(listed.items).toMatchObject([
        { fileName: l.fileName, md5: createHash('md5').update(content).digest('hex'), size: content.length },
      ]);
      await shot(page, `my-files-upload-${l.tag}.png`);

      await page.keyboard.press('Escape');
      await page.waitForURL((url) => !url.searchParams.has('upload'));
      const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: l.fileName });
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.innerText()).toContain('2.4 MB');
      await shot(page, `my-files-list-${l.tag}.png`);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('button', { name: l.download }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(l.fileName);
      const saved = path.join(workDir, `downloaded-${l.tag}`);
      await download.saveAs(saved);
      expect(readFileSync(saved).equals(content)).toBe(true);

      await row.getByRole('button', { name: l.remove }).click();
      const confirm = page.locator('.ant-modal-confirm');
      await confirm.waitFor();
      await shot(page, `my-files-delete-${l.tag}.png`);
      await confirm.getByRole('button', { name: l.ok }).click();
      await expect.poll(() => row.count()).toBe(0);
      const { total } = await apiCall<{ total: number }>(
        server.baseUrl,
        session.tokens.access_token,
        'GET',
        `/product/file/my/file/list?name=${encodeURIComponent(l.fileName)}`,
      );
      expect(total).toBe(0);

      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});
