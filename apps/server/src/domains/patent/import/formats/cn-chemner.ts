import type { Patent } from '@patlas/contracts';
import type { ImportItem, PatentFormat } from '../format.js';
import { JsonArraySyntaxError, readJsonArrayItems } from '../shared/cn-json-array.js';
import { stripGzName } from '../shared/cn-open.js';
import { parsePublicationNumber, patentTypeFromCnKind } from '../shared/cn-number.js';
import { compact, validateRecord } from '../shared/cn-validate.js';

const NUMBER_PREFIX = /^\s*([a-z]{2}\d{5,}[a-z]\d?)#/i;
// Where the description proper begins: 技术领域, (一)技术领域, 【技术领域】.
const FIELD_HEADING = /(?:[(（]?[一1][)）、.]?\s*)?[【[]?技术领域/;

export interface ChemnerText {
  publicationNumber?: string;
  title?: string;
  description: string;
}

/**
 * Splits a cnChemNER `text` (`cn119263322b#<title>\n技术领域\n…`) into number, title and
 * description. Titles wrapped over two lines by the PDF extraction (`…烟油和反\n应釜`) are
 * joined; lines holding only digits (lost subscripts, `mg(oh)(no)\n3\n4`) are dropped from the title.
 */
export function parseChemnerText(raw: string): ChemnerText {
  const text = raw.replace(/\r\n?/g, '\n');
  const prefix = NUMBER_PREFIX.exec(text);
  const body = prefix ? text.slice(prefix[0].length) : text;
  const lines = body.split('\n');
  const first = lines[0] ?? '';
  // Some extractions run the title into the first heading: "…的方法技术领域本发明涉及…".
  const inline = FIELD_HEADING.exec(first);
  if (inline && inline.index > 0) {
    return {
      publicationNumber: prefix?.[1],
      title: cleanTitle(first.slice(0, inline.index)),
      description: body.slice(inline.index).trim(),
    };
  }
  // A title wrapped by the PDF extraction continues on short lines before the description starts.
  let used = 1;
  const titleParts = [first];
  while (used < lines.length && used < 6) {
    const line = (lines[used] ?? '').trim();
    if (FIELD_HEADING.test(line.slice(0, 12)) || line.length > MAX_WRAPPED_TITLE_LINE || /^本/.test(line)) break;
    if (!/^\d*$/.test(line)) titleParts.push(line);
    used += 1;
  }
  if (used >= lines.length || !FIELD_HEADING.test((lines[used] ?? '').slice(0, 12))) used = 1;
  const title = cleanTitle((used === 1 ? [first] : titleParts).join(''));
  // A "title" that is already prose (本发明是关于…) means the document has none.
  if (!title || /^本(发明|方法|申请|实用新型)/.test(title) || title.length > MAX_TITLE_LENGTH) {
    return { publicationNumber: prefix?.[1], description: body.trim() };
  }
  return { publicationNumber: prefix?.[1], title, description: lines.slice(used).join('\n').trim() };
}

const MAX_WRAPPED_TITLE_LINE = 16;
const MAX_TITLE_LENGTH = 120;

function cleanTitle(value: string): string {
  return value.replace(/\s+/g, '').replace(/[:：【(（]+$/, '');
}

/**
 * 3020244292/cnChemNER annotation files: JSON arrays of documents whose `text` opens with the
 * lower-cased CN number and title, then the full description. Documents without a number
 * prefix cannot be keyed and are reported as bad with their position.
 */
export const cnChemnerFormat: PatentFormat = {
  id: 'cn-chemner',
  description: 'cnChemNER chemical patents (JSON array of {id,text:"cn…b#title\\n…",entity…})',
  detect(fileName, head) {
    return (
      /\.json$/i.test(stripGzName(fileName)) &&
      /^\uFEFF?\s*\[\s*\{/.test(head) &&
      head.includes('"text"') &&
      head.includes('"taskId"')
    );
  },
  async *read(file): AsyncGenerator<ImportItem> {
    try {
      for await (const item of readJsonArrayItems(file)) {
        const where = `document ${item.index + 1} of the array`;
        let doc: unknown;
        try {
          doc = JSON.parse(item.text);
        } catch (error) {
          yield { ok: false, file, line: item.line, error: `${where}: invalid JSON (${(error as Error).message})` };
          continue;
        }
        const text = (doc as { text?: unknown } | null)?.text;
        const id = (doc as { id?: unknown } | null)?.id;
        if (typeof text !== 'string') {
          yield { ok: false, file, line: item.line, error: `${where} (id ${String(id)}): no "text" field` };
          continue;
        }
        const parsed = parseChemnerText(text);
        const number = parsed.publicationNumber ? parsePublicationNumber(parsed.publicationNumber) : undefined;
        if (!number) {
          yield {
            ok: false,
            file,
            line: item.line,
            error: `${where} (id ${String(id)}): text has no publication number prefix ("${text.slice(0, 24)}…")`,
          };
          continue;
        }
        const record: Patent = compact({
          publicationNumber: number.publicationNumber,
          country: number.country,
          kind: number.kind,
          patentType: number.country === 'CN' ? patentTypeFromCnKind(number.kind) : undefined,
          title: parsed.title ? { lang: 'zh', text: parsed.title } : undefined,
          description: parsed.description ? { lang: 'zh', text: parsed.description } : undefined,
        });
        yield validateRecord(record, file, item.line);
      }
    } catch (error) {
      if (!(error instanceof JsonArraySyntaxError)) throw error;
      yield { ok: false, file, line: error.line, error: `JSON syntax error, rest of file skipped: ${error.message}` };
    }
  },
};
