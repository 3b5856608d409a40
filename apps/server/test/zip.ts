import { createDeflateRaw, crc32 } from 'node:zlib';

/** One part of a hand-made zip archive: its bytes given as chunks (a chunk may repeat, for a bomb). */
export interface ZipPart {
  name: string;
  chunks: readonly Buffer[];
  /** Write a smaller unpacked size into the headers than the real one (a lying archive). */
  declaredSize?: number;
  /** Deflate level (default 9; a large realistic part packs much faster at 1). */
  level?: number;
}

async function deflate(chunks: readonly Buffer[], level: number): Promise<Buffer> {
  const deflater = createDeflateRaw({ level });
  const out: Buffer[] = [];
  const done = (async () => {
    for await (const piece of deflater) out.push(piece as Buffer);
  })();
  for (const chunk of chunks) {
    if (!deflater.write(chunk)) await new Promise((resolve) => deflater.once('drain', resolve));
  }
  deflater.end();
  await done;
  return Buffer.concat(out);
}

/** A zip archive (deflate, no zip64) of `parts`, as Excel and exceljs write them. */
export async function zipOf(parts: readonly ZipPart[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const packed = await deflate(part.chunks, part.level ?? 9);
    let crc = 0;
    let size = 0;
    for (const chunk of part.chunks) {
      crc = crc32(chunk, crc);
      size += chunk.length;
    }
    const unpacked = part.declaredSize ?? size;
    const name = Buffer.from(part.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(unpacked, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(unpacked, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '</Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
  '</Relationships>';
const WORKBOOK =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>';
const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
  '</Relationships>';

/**
 * A minimal .xlsx whose one sheet is `rows` copies of `row` (XML of one `<row>`), written as
 * repeated chunks: 200 MB of rows pack to a few hundred kilobytes without being held in memory.
 */
export async function xlsxOfRows(
  row: string,
  rows: number,
  options: { declaredSheetSize?: number } = {},
): Promise<Buffer> {
  const perChunk = Math.max(1, Math.floor((1024 * 1024) / row.length));
  const chunk = Buffer.from(row.repeat(Math.min(perChunk, rows)));
  const chunks: Buffer[] = [
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
    ),
  ];
  let left = rows;
  while (left > 0) {
    const n = Math.min(perChunk, left);
    chunks.push(n === perChunk || n === rows ? chunk : Buffer.from(row.repeat(n)));
    left -= n;
  }
  chunks.push(Buffer.from('</sheetData></worksheet>'));
  return zipOf([
    { name: '[Content_Types].xml', chunks: [Buffer.from(CONTENT_TYPES)] },
    { name: '_rels/.rels', chunks: [Buffer.from(ROOT_RELS)] },
    { name: 'xl/workbook.xml', chunks: [Buffer.from(WORKBOOK)] },
    { name: 'xl/_rels/workbook.xml.rels', chunks: [Buffer.from(WORKBOOK_RELS)] },
    {
      name: 'xl/worksheets/sheet1.xml',
      chunks,
      ...(options.declaredSheetSize === undefined ? {} : { declaredSize: options.declaredSheetSize }),
    },
  ]);
}

/** A zip bomb shaped as an .xlsx: about `megabytes` MB of identical cells. */
export function xlsxBomb(megabytes: number): Promise<Buffer> {
  const row = '<row><c t="inlineStr"><is><t>boom</t></is></c><c t="inlineStr"><is><t>boom</t></is></c></row>';
  return xlsxOfRows(row, Math.ceil((megabytes * 1024 * 1024) / row.length));
}
