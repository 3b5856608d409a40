import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import sax from 'sax';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocumentPatents, documentColumns, documentValueOf, longClaim } from '../../test/document-patents.js';
import { buildCnPatent } from '../../test/factories.js';
import { MAX_DRAWING_WIDTH } from './document-layout.js';
import { openDocxWriter } from './patent-docx.js';
import type { WriterInput } from './writer.js';

const LONG_CLAIM = longClaim(30);
const buildPatents = () => buildDocumentPatents({ longClaimRepeats: 30, usClaims: false });
const valueOf = documentValueOf;
const COLUMNS = documentColumns('firstClaim');

/** Every tag and all text of a docx part, parsed strictly (a stray control character would throw). */
function parseXml(xml: string): { tags: string[]; text: string } {
  const parser = sax.parser(true);
  const tags: string[] = [];
  let text = '';
  parser.onopentag = (tag) => tags.push(tag.name);
  parser.ontext = (chunk) => (text += chunk);
  parser.write(xml).close();
  return { tags, text };
}

describe('docx writer', () => {
  let dir: string;
  /** A distinct PNG for every third patent (docx stores identical pictures once); patent 3's is 3,200 px wide. */
  const drawings = new Map<number, Buffer>();

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'patlas-docx-'));
    for (let index = 0; index < 100; index += 3) {
      const size = index === 3 ? { width: 3200, height: 2400 } : { width: 400, height: 300 };
      const background = { r: 255, g: 255 - index, b: 255 };
      drawings.set(
        index,
        await sharp({ create: { ...size, channels: 3, background } })
          .png()
          .toBuffer(),
      );
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function inputFor(file: string, overrides: Partial<Omit<WriterInput, 'valueOf'>> = {}): WriterInput {
    return {
      path: path.join(dir, file),
      columns: COLUMNS,
      lang: 'zh',
      valueOf,
      firstDrawing: (patent) => {
        const data = drawings.get(Number(patent.publicationNumber.slice(6, 11)));
        return Promise.resolve(data && { data, type: 'png' as const });
      },
      ...overrides,
    };
  }

  it('writes a section per patent with its heading, field table, long texts and drawing', async () => {
    const patents = buildPatents();
    const input = inputFor('hundred.docx', { title: '检索式：TI=(电池)' });
    const writer = await openDocxWriter(input);
    for (let start = 0; start < patents.length; start += 30) await writer.write(patents.slice(start, start + 30));
    await writer.finish();

    const zip = await JSZip.loadAsync(await readFile(input.path));
    const xml = await zip.file('word/document.xml')!.async('string');
    const { tags, text } = parseXml(xml);
    for (const patent of patents) expect(text).toContain(`${patent.publicationNumber} ${patent.title!.text}`);
    expect(text.startsWith('检索式：TI=(电池)')).toBe(true);
    expect(text.split('检索式：TI=(电池)')).toHaveLength(2);

    // One section and one field table per patent (the last section's properties close the body).
    expect(tags.filter((tag) => tag === 'w:sectPr')).toHaveLength(100);
    expect(tags.filter((tag) => tag === 'w:tbl')).toHaveLength(100);
    // Rows: number, title and date for all; applicants and legal status for the 70 Chinese patents.
    expect(tags.filter((tag) => tag === 'w:tr')).toHaveLength(100 * 3 + 70 * 2);
    expect(text.split('申请人')).toHaveLength(71);
    expect(text.split('首项权利要求')).toHaveLength(71);
    expect(text.split('摘要')).toHaveLength(101);
    // Long texts are paragraphs below the table, not rows; the long claim is one wrapping paragraph.
    expect(text).toContain(LONG_CLAIM);
    expect(text).not.toContain('2. 根据权利要求1所述的装置');

    // Patents 0, 3, …, 99 have a drawing: 34 pictures, the 3,200 px one scaled down.
    expect(tags.filter((tag) => tag === 'w:drawing')).toHaveLength(34);
    const media = zip.file(/^word\/media\//);
    expect(media).toHaveLength(34);
    const widths = await Promise.all(
      media.map(async (file) => (await sharp(await file.async('nodebuffer')).metadata()).width),
    );
    expect(Math.max(...widths)).toBe(MAX_DRAWING_WIDTH);

    const footer = await zip.file('word/footer1.xml')!.async('string');
    expect(parseXml(footer).text).toContain('第 ');
    expect(footer).toContain('PAGE');
  });

  it('leaves out empty values and characters that XML forbids', async () => {
    const patent = buildCnPatent({
      title: { lang: 'zh', text: '一种电池盒\u0007' },
      abstract: { lang: 'zh', text: '  ' },
      legalStatus: '有效\u0000',
    });
    const input = inputFor('one.docx', { firstDrawing: undefined, lang: 'en' });
    const writer = await openDocxWriter(input);
    await writer.write([patent]);
    await writer.finish();

    const zip = await JSZip.loadAsync(await readFile(input.path));
    const { tags, text } = parseXml(await zip.file('word/document.xml')!.async('string'));
    expect(text).toContain('CN117151122A 一种电池盒');
    expect(text).not.toContain('摘要');
    expect(text).not.toContain('申请人');
    expect(text).not.toContain('首项权利要求');
    // Number, title and status: the record has no application date.
    expect(tags.filter((tag) => tag === 'w:tr')).toHaveLength(3);
    expect(text).toContain('有效');
    expect(tags).not.toContain('w:drawing');
    expect(parseXml(await zip.file('word/footer1.xml')!.async('string')).text).toContain('Page ');
  });

  it('writes a valid document when no patent arrives', async () => {
    const input = inputFor('empty.docx', { title: '空的导出' });
    const writer = await openDocxWriter(input);
    await writer.finish();
    const zip = await JSZip.loadAsync(await readFile(input.path));
    const { tags, text } = parseXml(await zip.file('word/document.xml')!.async('string'));
    expect(text).toBe('空的导出');
    expect(tags.filter((tag) => tag === 'w:sectPr')).toHaveLength(1);
  });

  it('leaves no file when aborted, before or after finish', async () => {
    const before = inputFor('aborted.docx');
    const writer = await openDocxWriter(before);
    await writer.write(buildPatents().slice(0, 5));
    await writer.abort();
    expect(existsSync(before.path)).toBe(false);
    await expect(writer.write([buildCnPatent()])).rejects.toThrow('after finish() or abort()');

    const after = inputFor('finished-then-aborted.docx');
    const finished = await openDocxWriter(after);
    await finished.write(buildPatents().slice(0, 5));
    await finished.finish();
    expect(existsSync(after.path)).toBe(true);
    await finished.abort();
    expect(existsSync(after.path)).toBe(false);
  });
});
