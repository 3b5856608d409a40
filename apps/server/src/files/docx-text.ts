import { inflateRawSync } from 'node:zlib';

/**
 * The text of a Word (.docx) file held in memory: its main part, word/document.xml, read from the
 * zip archive with node's zlib (no dependency), paragraphs as lines. Guarded like the .xlsx
 * uploads (files/xlsx-guard.ts): the part's declared and real unpacked sizes are capped, so a
 * small zip bomb cannot take the process down. Throws DocxTextError with a reason key.
 */

export type DocxProblem = 'notDocx' | 'tooLarge' | 'method' | 'character';

export class DocxTextError extends Error {
  constructor(readonly problem: DocxProblem) {
    super(problem);
    this.name = 'DocxTextError';
  }
}

/** A 50,000-character text is well under 1 MB of XML; 50 MB leaves room for heavy formatting. */
export const MAX_DOCX_PART_BYTES = 50 * 1024 * 1024;

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_SIZE = 22;
const DOCUMENT_PART = 'word/document.xml';

/** The bytes of the zip entry `name`, inflated; undefined when the archive has no such entry. */
function readEntry(file: Buffer, name: string, maxBytes: number): Buffer | undefined {
  let end = -1;
  for (let at = file.length - EOCD_SIZE; at >= Math.max(0, file.length - EOCD_SIZE - 0xffff); at--) {
    if (file.readUInt32LE(at) === EOCD_SIGNATURE) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new DocxTextError('notDocx');
  const count = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    if (at + 46 > file.length || file.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw new DocxTextError('notDocx');
    const method = file.readUInt16LE(at + 10);
    const packedSize = file.readUInt32LE(at + 20);
    const unpackedSize = file.readUInt32LE(at + 24);
    const nameLength = file.readUInt16LE(at + 28);
    const localOffset = file.readUInt32LE(at + 42);
    const entryName = file.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
    if (entryName !== name) continue;
    if (unpackedSize > maxBytes) throw new DocxTextError('tooLarge');
    if (localOffset + 30 > file.length || file.readUInt32LE(localOffset) !== LOCAL_SIGNATURE) {
      throw new DocxTextError('notDocx');
    }
    const start = localOffset + 30 + file.readUInt16LE(localOffset + 26) + file.readUInt16LE(localOffset + 28);
    const data = file.subarray(start, start + packedSize);
    if (method === 0) return data;
    if (method !== 8) throw new DocxTextError('method');
    try {
      // maxOutputLength: a directory that understates the size is caught while inflating.
      return inflateRawSync(data, { maxOutputLength: maxBytes });
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new DocxTextError('tooLarge');
      throw new DocxTextError('notDocx');
    }
  }
  return undefined;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML 1.0 `Char`: what a character reference may name; anything else makes the part malformed. */
function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, name: string) => {
    if (!name.startsWith('#')) return ENTITIES[name] ?? whole;
    const code = name.startsWith('#x') ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    // `&#x110000;`, a surrogate or NUL: not a character (String.fromCodePoint threw a RangeError, a 500; issue 41 §6).
    if (!isXmlChar(code)) throw new DocxTextError('character');
    return String.fromCodePoint(code);
  });
}

/** Runs of text (w:t), tabs and breaks; a paragraph's end (w:p) ends a line. */
const WORD_XML = /<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:(tab|br|cr)\b[^>]*\/>|<\/w:p>/g;

/** The text of a .docx: one line per paragraph, without empty lines. */
export function docxText(file: Buffer): string {
  const xml = readEntry(file, DOCUMENT_PART, MAX_DOCX_PART_BYTES);
  if (!xml) throw new DocxTextError('notDocx');
  const source = xml.toString('utf8');
  let text = '';
  for (const match of source.matchAll(WORD_XML)) {
    if (match[1] !== undefined) text += decodeEntities(match[1]);
    else if (match[2] === 'tab') text += '\t';
    else text += '\n';
  }
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .join('\n');
}
