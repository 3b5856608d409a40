import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocumentPatents, documentColumns, documentValueOf, longClaim } from '../../test/document-patents.js';
import { buildCnPatent, buildUsPatent } from '../../test/factories.js';
import { createPdfWriterOpener, openPdfWriter } from './patent-pdf.js';
import type { WriterInput } from './writer.js';

const run = promisify(execFile);

const LONG_CLAIM = longClaim(100);
const buildPatents = () => buildDocumentPatents({ longClaimRepeats: 100, usClaims: true });
const valueOf = documentValueOf;
const COLUMNS = documentColumns('claims');

/** The text of each page (pdftotext ends every page with a form feed). */
async function pdfPages(file: string): Promise<string[]> {
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-'], { maxBuffer: 64 * 1024 * 1024 });
  return stdout.split('\f').slice(0, -1);
}

/** Text without the line breaks and spaces pdftotext puts where lines wrapped. */
function unwrapped(text: string): string {
  return text.replace(/\s+/g, '');
}

describe('pdf writer', () => {
  let dir: string;
  const drawing = { data: Buffer.alloc(0), type: 'png' as const };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'patlas-pdf-'));
    const background = { r: 200, g: 220, b: 255 };
    drawing.data = await sharp({ create: { width: 400, height: 300, channels: 3, background } })
      .png()
      .toBuffer();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function inputFor(file: string, overrides: Partial<Omit<WriterInput, 'valueOf'>> = {}): WriterInput {
    return {
      path: path.join(dir, file),
      columns: COLUMNS,
      lang: 'zh',
      valueOf,
      // Every third patent (0, 3, …, 99) has a drawing: 34 pictures.
      firstDrawing: (patent) =>
        Promise.resolve(Number(patent.publicationNumber.slice(6, 11)) % 3 === 0 ? drawing : undefined),
      ...overrides,
    };
  }

  it('writes every patent with its Chinese or English title, wrapped claims, drawing and numbered pages', async () => {
    const patents = buildPatents();
    const input = inputFor('hundred.pdf', { title: '检索式：TI=(电池)' });
    const writer = await openPdfWriter(input);
    for (let start = 0; start < patents.length; start += 30) await writer.write(patents.slice(start, start + 30));
    await writer.finish();

    const pages = await pdfPages(input.path);
    // Every page ends with its number; without them, a text running onto the next page is whole.
    const bodies = pages.map((page, index) => {
      const text = unwrapped(page);
      const footer = `第${index + 1}页`;
      expect(text.endsWith(footer)).toBe(true);
      return text.slice(0, -footer.length);
    });
    const all = bodies.join('');
    for (const patent of patents) expect(all).toContain(unwrapped(`${patent.publicationNumber} ${patent.title!.text}`));
    expect(all.split('检索式：TI=(电池)')).toHaveLength(2);
    expect(unwrapped(pages[0]!).startsWith('检索式：TI=(电池)CN110000000A')).toBe(true);

    // A new page per patent, the long claim running onto a second one: 101 pages.
    expect(pages).toHaveLength(101);
    // Each patent starts a page: its number is on the page the section starts on.
    const starts = pages.map((page) => patents.findIndex((p) => unwrapped(page).includes(p.publicationNumber)));
    expect(starts.filter((start) => start === -1)).toHaveLength(1);

    // The long claim wrapped over several lines and is whole once the breaks are taken out.
    expect(all).toContain(unwrapped(LONG_CLAIM));
    expect(pages.join('')).not.toContain(LONG_CLAIM.slice(0, 80));
    // Both claims of the short sets, each its own paragraph.
    expect(pages[2]).toContain('1. 一种装置，包括壳体。\n2. 根据权利要求1所述的装置');
    // Empty values are left out: only the Chinese patents have applicants and a legal status.
    expect(all.split('申请人')).toHaveLength(71);
    expect(all.split('法律状态')).toHaveLength(71);
    expect(all.split('权利要求书')).toHaveLength(101);

    const { stdout: images } = await run('pdfimages', ['-list', input.path]);
    expect(images.trim().split('\n').slice(2)).toHaveLength(34);
    const { stdout: fonts } = await run('pdffonts', [input.path]);
    expect(fonts).toMatch(/\+NotoSansCJKsc-Regular\s+CID Type 0C\s+Identity-H\s+yes yes/);
    expect(fonts).toMatch(/\+NotoSansCJKsc-Bold\s+CID Type 0C\s+Identity-H\s+yes yes/);
  }, 120_000);

  it('numbers pages in English and leaves a record without drawings as text only', async () => {
    const input = inputFor('english.pdf', { lang: 'en', firstDrawing: undefined });
    const writer = await openPdfWriter(input);
    await writer.write([buildUsPatent({ abstract: { lang: 'en', text: ' ' } })]);
    await writer.finish();

    const pages = await pdfPages(input.path);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('US6980000B2 Lithium ion battery electrode');
    expect(pages[0]).toContain('Page 1');
    expect(pages[0]).not.toContain('摘要');
    const { stdout: images } = await run('pdfimages', ['-list', input.path]);
    expect(images.trim().split('\n')).toHaveLength(2);
  });

  it('writes a one-page document when no patent arrives', async () => {
    const input = inputFor('empty.pdf', { title: '空的导出' });
    const writer = await openPdfWriter(input);
    await writer.finish();
    const pages = await pdfPages(input.path);
    expect(pages.map(unwrapped)).toEqual(['空的导出第1页']);
  });

  it('leaves no file when aborted', async () => {
    const input = inputFor('aborted.pdf');
    const writer = await openPdfWriter(input);
    await writer.write(buildPatents().slice(0, 5));
    expect(existsSync(input.path)).toBe(true);
    await writer.abort();
    expect(existsSync(input.path)).toBe(false);
    await expect(writer.write([buildCnPatent()])).rejects.toThrow('after finish() or abort()');
  });

  it('names the Debian font package when the Chinese font is missing', async () => {
    const input = inputFor('no-font.pdf');
    await expect(createPdfWriterOpener(path.join(dir, 'no-fonts'))(input)).rejects.toThrow(
      `PDF export needs the font ${path.join(dir, 'no-fonts', 'NotoSansCJK-Regular.ttc')}; install the Debian package fonts-noto-cjk`,
    );
    expect(existsSync(input.path)).toBe(false);
  });
});
