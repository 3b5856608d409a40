import { open } from 'node:fs/promises';
import { createInflateRaw } from 'node:zlib';
import {
  MAX_XLSX_CELLS,
  MAX_XLSX_COMPRESSION_RATIO,
  MAX_XLSX_ENTRIES,
  MAX_XLSX_ROWS,
  MAX_XLSX_UNPACKED_BYTES,
  type Language,
} from '@patlas/contracts';

/**
 * The zip-bomb guard of every .xlsx the server opens. An .xlsx is a zip archive; a file of a few
 * hundred kilobytes can unpack to gigabytes and take the process down. Its central directory is
 * read first (entry count, declared sizes, compression ratios), then entries are inflated as
 * streams and counted (so a directory that lies about sizes is caught too) while the worksheets'
 * rows and cells are counted: all of them for a file kept whole (checkXlsxBuffer, My files), or
 * each part as a reader streams it (openCheckedXlsx, the spreadsheet imports of files/sheet-read.ts).
 */

export interface XlsxLimits {
  /** Sum of the unpacked sizes of all entries. */
  maxUnpackedBytes: number;
  /** Unpacked ÷ packed size of one entry (entries under 1 MiB unpacked are not judged). */
  maxRatio: number;
  maxEntries: number;
  /** Rows and cells of all worksheets together. */
  maxRows: number;
  maxCells: number;
}

export const XLSX_LIMITS: XlsxLimits = {
  maxUnpackedBytes: MAX_XLSX_UNPACKED_BYTES,
  maxRatio: MAX_XLSX_COMPRESSION_RATIO,
  maxEntries: MAX_XLSX_ENTRIES,
  maxRows: MAX_XLSX_ROWS,
  maxCells: MAX_XLSX_CELLS,
};

/** Entries smaller than this unpacked are never refused for their ratio (a tiny part may pack very well). */
const RATIO_FLOOR_BYTES = 1024 * 1024;

/** Why a file is refused; the caller answers IMPORT_FILE_INVALID with `reason`. */
export class XlsxLimitError extends Error {
  constructor(
    readonly reason: string,
    /** True when the file is not a zip archive at all (an old binary .xls, a renamed file). */
    readonly isNotZip = false,
  ) {
    super(reason);
    this.name = 'XlsxLimitError';
  }
}

const MESSAGES = {
  zh: {
    notZip: '不是有效的 .xlsx 文件',
    entries: '文件包含的部件过多（超过 {max} 个），不是正常的 Excel 文件',
    unpacked: '文件解压后超过 {max}，请拆分成较小的文件后再导入',
    ratio: '文件的压缩比异常（超过 {max}:1），疑似压缩炸弹，已拒绝',
    rows: '工作表行数超过 {max} 行，请拆分后再导入',
    cells: '工作表单元格数超过 {max} 个，请拆分后再导入',
    method: '文件使用了不支持的压缩方式',
    sizes: '文件的实际内容与其声明的大小不符，已拒绝',
  },
  en: {
    notZip: 'not a valid .xlsx file',
    entries: 'the file has too many parts (over {max}); it is not a normal Excel file',
    unpacked: 'the file unpacks to more than {max}; split it into smaller files and import those',
    ratio: 'the file is packed abnormally tightly (over {max}:1), like a zip bomb, and was refused',
    rows: 'the worksheets have more than {max} rows; split the file and import the parts',
    cells: 'the worksheets have more than {max} cells; split the file and import the parts',
    method: 'the file uses an unsupported compression method',
    sizes: 'the file’s content does not match the sizes it declares, and was refused',
  },
} as const;

type MessageKey = keyof (typeof MESSAGES)['zh'];

function refuse(lang: Language, key: MessageKey, max?: number | string): XlsxLimitError {
  return new XlsxLimitError(MESSAGES[lang][key].replace('{max}', String(max ?? '')), key === 'notZip');
}

function formatMb(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

function formatCount(n: number, lang: Language): string {
  return n.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US');
}

interface ZipEntry {
  name: string;
  method: number;
  packedSize: number;
  unpackedSize: number;
  localOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_SIZE = 22;
/** The end record sits in the last 22 bytes plus a comment of at most 65,535. */
const EOCD_SEARCH = EOCD_SIZE + 0xffff;

/** Where the central directory is and how many entries it lists, from the archive's tail. */
function readEndRecord(tail: Buffer): { count: number; size: number; offset: number } | undefined {
  for (let at = tail.length - EOCD_SIZE; at >= 0; at -= 1) {
    if (tail.readUInt32LE(at) !== EOCD_SIGNATURE) continue;
    return { count: tail.readUInt16LE(at + 10), size: tail.readUInt32LE(at + 12), offset: tail.readUInt32LE(at + 16) };
  }
  return undefined;
}

/** The entries of a central directory; undefined when it is malformed. */
function readCentralDirectory(directory: Buffer, count: number): ZipEntry[] | undefined {
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_SIGNATURE) return undefined;
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    entries.push({
      method: directory.readUInt16LE(at + 10),
      packedSize: directory.readUInt32LE(at + 20),
      // A zip64 entry says 0xFFFFFFFF here: over 4 GiB, far over any limit, and refused as such.
      unpackedSize: directory.readUInt32LE(at + 24),
      localOffset: directory.readUInt32LE(at + 42),
      name: directory.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The checks on what the directory declares: entry count, total unpacked size, ratios. */
function checkDeclared(entries: readonly ZipEntry[], lang: Language, limits: XlsxLimits): void {
  let unpacked = 0;
  for (const entry of entries) {
    unpacked += entry.unpackedSize;
    if (unpacked > limits.maxUnpackedBytes) throw refuse(lang, 'unpacked', formatMb(limits.maxUnpackedBytes));
    if (entry.unpackedSize > RATIO_FLOOR_BYTES && entry.unpackedSize > limits.maxRatio * entry.packedSize) {
      throw refuse(lang, 'ratio', limits.maxRatio);
    }
  }
}

function readDirectory(file: Buffer, lang: Language, limits: XlsxLimits): ZipEntry[] {
  const tailStart = Math.max(0, file.length - EOCD_SEARCH);
  const end = file.length >= EOCD_SIZE ? readEndRecord(file.subarray(tailStart)) : undefined;
  if (!end || end.offset + end.size > file.length) throw refuse(lang, 'notZip');
  if (end.count > limits.maxEntries) throw refuse(lang, 'entries', limits.maxEntries);
  const entries = readCentralDirectory(file.subarray(end.offset, end.offset + end.size), end.count);
  if (!entries) throw refuse(lang, 'notZip');
  return entries;
}

const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/i;
/** `<row …>` and `<c …>`, with an optional namespace prefix (`<x:row>`). */
const ROW_TAG = /<(?:\w{1,10}:)?row[\s>/]/g;
const CELL_TAG = /<(?:\w{1,10}:)?c[\s>/]/g;
/** Longer than any tag match: the tail of a chunk kept so a tag split between two chunks is seen once. */
const CARRY = 16;

/** Counts the row and cell tags of a worksheet's XML as it streams by. */
class TagCounter {
  rows = 0;
  cells = 0;
  private carry = '';

  push(chunk: Buffer): void {
    const text = this.carry + chunk.toString('latin1');
    const limit = text.length - CARRY;
    this.count(text, limit);
    this.carry = text.slice(Math.max(0, limit));
  }

  end(): void {
    this.count(this.carry, this.carry.length);
    this.carry = '';
  }

  /** Counts the matches starting before `limit` (later ones are counted with the next chunk). */
  private count(text: string, limit: number): void {
    for (const match of text.matchAll(ROW_TAG)) if (match.index < limit) this.rows += 1;
    for (const match of text.matchAll(CELL_TAG)) if (match.index < limit) this.cells += 1;
  }
}

/** What the parts unpacked so far of one archive have used of the limits. */
interface UnpackBudget {
  readonly lang: Language;
  readonly limits: XlsxLimits;
  unpacked: number;
  rows: number;
  cells: number;
  /** Entries read to their end: read again (a reader's second pass), they are not counted twice. */
  readonly checked: Set<string>;
}

/** Unpacked bytes per chunk, and the pieces a stored (not deflated) part is handed out in. */
const INFLATE_CHUNK = 256 * 1024;

/**
 * The unpacked bytes of one entry, chunk by chunk, each counted before it is handed out: the
 * entry's real size against what the directory declares, the archive's total against the
 * unpacked limit, and a worksheet's row and cell tags against theirs. Stops at the first chunk
 * over a limit (XlsxLimitError); a damaged entry is refused as not a zip archive.
 */
async function* unpackEntry(file: Buffer, entry: ZipEntry, budget: UnpackBudget): AsyncGenerator<Buffer> {
  const { lang, limits } = budget;
  if (entry.localOffset + 30 > file.length || file.readUInt32LE(entry.localOffset) !== LOCAL_SIGNATURE) {
    throw refuse(lang, 'notZip');
  }
  const dataStart =
    entry.localOffset + 30 + file.readUInt16LE(entry.localOffset + 26) + file.readUInt16LE(entry.localOffset + 28);
  const data = file.subarray(dataStart, dataStart + entry.packedSize);
  const isChecked = budget.checked.has(entry.name);
  const tags = WORKSHEET.test(entry.name) && !isChecked ? new TagCounter() : undefined;
  let entryBytes = 0;
  const take = (chunk: Buffer) => {
    if (isChecked) return;
    entryBytes += chunk.length;
    budget.unpacked += chunk.length;
    // A directory that understates an entry: the real size is what counts.
    if (entryBytes > entry.unpackedSize) throw refuse(lang, 'sizes');
    if (budget.unpacked > limits.maxUnpackedBytes) throw refuse(lang, 'unpacked', formatMb(limits.maxUnpackedBytes));
    if (!tags) return;
    tags.push(chunk);
    if (budget.rows + tags.rows > limits.maxRows) throw refuse(lang, 'rows', formatCount(limits.maxRows, lang));
    if (budget.cells + tags.cells > limits.maxCells) throw refuse(lang, 'cells', formatCount(limits.maxCells, lang));
  };
  if (entry.method === 0) {
    for (let at = 0; at < data.length; at += INFLATE_CHUNK) {
      const piece = data.subarray(at, at + INFLATE_CHUNK);
      take(piece);
      yield piece;
    }
  } else if (entry.method === 8) {
    // Large chunks: each is a hop to libuv's thread pool, which a busy machine makes slow.
    const inflater = createInflateRaw({ chunkSize: INFLATE_CHUNK });
    inflater.end(data);
    try {
      for await (const chunk of inflater) {
        take(chunk as Buffer);
        yield chunk as Buffer;
      }
    } catch (err) {
      if (err instanceof XlsxLimitError) throw err;
      throw refuse(lang, 'notZip');
    } finally {
      inflater.destroy();
    }
  } else {
    throw refuse(lang, 'method');
  }
  if (tags) {
    tags.end();
    budget.rows += tags.rows;
    budget.cells += tags.cells;
    if (budget.rows > limits.maxRows) throw refuse(lang, 'rows', formatCount(limits.maxRows, lang));
    if (budget.cells > limits.maxCells) throw refuse(lang, 'cells', formatCount(limits.maxCells, lang));
  }
  budget.checked.add(entry.name);
}

/**
 * Checks an uploaded .xlsx held in memory against `limits`; throws XlsxLimitError with a reason in
 * `lang` when it is not a zip archive or goes over a limit. Every entry is unpacked (and dropped):
 * for a file kept whole (My files). Readers use openCheckedXlsx, which unpacks only what they read.
 */
export async function checkXlsxBuffer(file: Buffer, lang: Language, limits: XlsxLimits = XLSX_LIMITS): Promise<void> {
  const entries = readDirectory(file, lang, limits);
  checkDeclared(entries, lang, limits);
  const budget: UnpackBudget = { lang, limits, unpacked: 0, rows: 0, cells: 0, checked: new Set() };
  for (const entry of entries) {
    for await (const chunk of unpackEntry(file, entry, budget)) void chunk;
  }
}

/** An uploaded .xlsx in memory whose parts are unpacked only when read, each checked as it streams. */
export interface CheckedXlsx {
  has(name: string): boolean;
  /**
   * The unpacked bytes of the part `name` (undefined when the archive has none), counted against
   * the limits as they stream: the first chunk over one ends the stream with XlsxLimitError. All
   * parts read share the unpacked, row and cell limits; a part read to its end once is not counted
   * again when read a second time.
   */
  part(name: string): AsyncGenerator<Buffer> | undefined;
}

/**
 * The zip-bomb guard of a reader that streams an .xlsx held in memory (spreadsheet imports,
 * files/sheet-read.ts): the directory's declared sizes, ratios and entry count are checked at once
 * (XlsxLimitError), then each part as it is read, so a part never read is never unpacked and a
 * reader that stops early (at a route's row cap) stops the unpacking with it.
 */
export function openCheckedXlsx(file: Buffer, lang: Language, limits: XlsxLimits = XLSX_LIMITS): CheckedXlsx {
  const entries = readDirectory(file, lang, limits);
  checkDeclared(entries, lang, limits);
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const budget: UnpackBudget = { lang, limits, unpacked: 0, rows: 0, cells: 0, checked: new Set() };
  return {
    has: (name) => byName.has(name),
    part(name) {
      const entry = byName.get(name);
      return entry ? unpackEntry(file, entry, budget) : undefined;
    },
  };
}

/**
 * The cheap check of an .xlsx on disk (patent imports, streamed by exceljs, up to gigabytes): the
 * central directory only — entry count and compression ratios, and the parts exceljs holds in
 * memory while it streams the sheets (shared strings, styles, workbook) against the unpacked limit.
 * The sheets themselves stream row by row, so their size is not limited here. A file that is not
 * a zip archive is left to the reader (it reports it as such).
 */
export async function checkXlsxFile(path: string, lang: Language, limits: XlsxLimits = XLSX_LIMITS): Promise<void> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const tailStart = Math.max(0, size - EOCD_SEARCH);
    const tail = Buffer.alloc(size - tailStart);
    await handle.read(tail, 0, tail.length, tailStart);
    const end = tail.length >= EOCD_SIZE ? readEndRecord(tail) : undefined;
    if (!end || end.offset + end.size > size) return;
    if (end.count > limits.maxEntries) throw refuse(lang, 'entries', limits.maxEntries);
    const directory = Buffer.alloc(end.size);
    await handle.read(directory, 0, end.size, end.offset);
    const entries = readCentralDirectory(directory, end.count);
    if (!entries) return;
    const held = entries.filter((entry) => !WORKSHEET.test(entry.name));
    checkDeclared(held, lang, limits);
    for (const entry of entries) {
      if (entry.unpackedSize > RATIO_FLOOR_BYTES && entry.unpackedSize > limits.maxRatio * entry.packedSize) {
        throw refuse(lang, 'ratio', limits.maxRatio);
      }
    }
  } finally {
    await handle.close();
  }
}
