import { createHash } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { zipOf } from './zip.js';

/**
 * A large, realistic .xlsx (issue 40's finding): `rows` rows of `columns` cells, the first a
 * shared-string patent number, the others small numbers, in the order Excel writes the parts
 * (worksheet before styles and shared strings). 300,000 × 10 unpacks to ~93 MB and packs to
 * ~10.3 MB (each cell's reference holds its row number): within every zip-bomb limit and the
 * upload limit, as a real export is. Built from the sheet XML (a few
 * seconds) and kept in the OS temp folder by content, so later runs read it back at once.
 */
export async function largeXlsx(rows: number, columns: number): Promise<Buffer> {
  const recipe = JSON.stringify({ version: 5, rows, columns });
  const key = createHash('sha256').update(recipe).digest('hex').slice(0, 16);
  const file = path.join(tmpdir(), `patlas-large-${key}.xlsx`);
  const cached = await readFile(file).catch(() => undefined);
  if (cached) return cached;
  const built = await buildLargeXlsx(rows, columns);
  // Written aside, then renamed: a parallel run never reads half a file.
  const partial = `${file}.${process.pid}.tmp`;
  await writeFile(partial, built);
  await rename(partial, file);
  return built;
}

/** Distinct shared strings of the first column (a pool, so the shared strings stay small). */
const STRINGS = 1000;

/** Column letters A, B, … (at most 26 columns are needed here). */
const letter = (index: number) => String.fromCharCode(65 + index);

async function buildLargeXlsx(rows: number, columns: number): Promise<Buffer> {
  const header = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const sheet: Buffer[] = [Buffer.from(`${header}<worksheet xmlns="${main}"><sheetData>`)];
  let piece = '';
  for (let r = 1; r <= rows; r += 1) {
    piece += `<row r="${r}"><c r="A${r}" t="s"><v>${(r * 7) % STRINGS}</v></c>`;
    for (let c = 1; c < columns; c += 1) piece += `<c r="${letter(c)}${r}"><v>${c === 1 ? r % 100 : c * 11}</v></c>`;
    piece += '</row>';
    if (piece.length > 256 * 1024) {
      sheet.push(Buffer.from(piece));
      piece = '';
    }
  }
  sheet.push(Buffer.from(`${piece}</sheetData></worksheet>`));
  const strings = Array.from({ length: STRINGS }, (_, i) => `<si><t>CN${110000000 + i}A</t></si>`).join('');
  const text = (name: string, xml: string, level = 9) => ({ name, chunks: [Buffer.from(xml)], level });
  return zipOf([
    text(
      '[Content_Types].xml',
      `${header}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
        '</Types>',
    ),
    text(
      '_rels/.rels',
      `${header}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    text(
      'xl/workbook.xml',
      `${header}<workbook xmlns="${main}" xmlns:r="${rel}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    text(
      'xl/_rels/workbook.xml.rels',
      `${header}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${rel}/styles" Target="styles.xml"/>` +
        `<Relationship Id="rId3" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    // Level 4: as small as 9 here (~10.3 MB, under MAX_UPLOAD_BYTES) in a third of the time.
    { name: 'xl/worksheets/sheet1.xml', chunks: sheet, level: 4 },
    text(
      'xl/styles.xml',
      `${header}<styleSheet xmlns="${main}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>` +
        '<fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs></styleSheet>',
    ),
    text(
      'xl/sharedStrings.xml',
      `${header}<sst xmlns="${main}" count="${STRINGS}" uniqueCount="${STRINGS}">${strings}</sst>`,
    ),
  ]);
}
