import { EXPORT_FIELDS, type ExportFieldId, type Language, type Patent } from '@patlas/contracts';
import sharp from 'sharp';
import type { WriterInput } from './writer.js';

/**
 * What the document formats (docx.ts, pdf.ts) show of one patent, in the same order: a heading,
 * a two-column table of the short fields, the long texts as headed paragraphs, the first drawing.
 * Values come from `valueOf` only, so Word, PDF and the table formats agree.
 */

/** A label and its value split into paragraphs; a field whose value is empty is not listed. */
export interface LabelledText {
  label: string;
  paragraphs: string[];
}

export interface PatentLayout {
  /** Publication number and title. */
  heading: string;
  /** The chosen short fields, in the chosen order: the table. */
  fields: LabelledText[];
  /** The chosen long texts (abstract, first claim, claims, description), in that order. */
  texts: LabelledText[];
}

export interface Drawing {
  data: Buffer;
  type: 'png' | 'jpg';
  /** Pixels. */
  width: number;
  height: number;
}

/** The long texts, shown below the table in the catalogue's order (abstract first). */
const LONG_TEXT_IDS: readonly ExportFieldId[] = EXPORT_FIELDS.filter((field) => 'large' in field && field.large).map(
  (field) => field.id,
);

/**
 * Drawings wider than this are scaled down before they go into a document: a page shows at most
 * about 600 px (docx) or 480 pt (pdf), and a 1,000-patent Word file is built in memory.
 */
export const MAX_DRAWING_WIDTH = 1_600;

// XML 1.0 forbids these characters; one in a claim would make the docx unreadable. PDF fonts
// have no glyph for them either.
const INVALID_TEXT_CHARS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A value as paragraphs: one per line, blank lines and forbidden characters dropped. */
export function toParagraphs(value: string): string[] {
  return value
    .replace(INVALID_TEXT_CHARS, '')
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The heading, table rows and long texts of one patent for the chosen columns. */
export function layoutPatent(input: Pick<WriterInput, 'columns' | 'valueOf'>, patent: Patent): PatentLayout {
  const fields: LabelledText[] = [];
  for (const column of input.columns) {
    if (LONG_TEXT_IDS.includes(column.id)) continue;
    const paragraphs = toParagraphs(input.valueOf(patent, column.id));
    if (paragraphs.length > 0) fields.push({ label: column.label, paragraphs });
  }
  const texts: LabelledText[] = [];
  for (const id of LONG_TEXT_IDS) {
    const column = input.columns.find((c) => c.id === id);
    if (!column) continue;
    const paragraphs = toParagraphs(input.valueOf(patent, id));
    if (paragraphs.length > 0) texts.push({ label: column.label, paragraphs });
  }
  const number = toParagraphs(patent.publicationNumber).join(' ');
  const title = toParagraphs(input.valueOf(patent, 'title')).join(' ');
  return { heading: title === '' ? number : `${number} ${title}`, fields, texts };
}

/**
 * The patent's first drawing with its size, scaled down to MAX_DRAWING_WIDTH when wider.
 * Undefined when there is none, or when its bytes are not a PNG or JPEG image: one unreadable
 * drawing leaves its picture out rather than failing the export. Errors reading the drawing
 * itself (the store) are thrown.
 */
export async function readFirstDrawing(input: Pick<WriterInput, 'firstDrawing'>, patent: Patent) {
  const found = await input.firstDrawing?.(patent);
  if (!found) return undefined;
  try {
    const meta = await sharp(found.data).metadata();
    const type = meta.format === 'png' ? 'png' : meta.format === 'jpeg' ? 'jpg' : undefined;
    if (!type || !meta.width || !meta.height) return undefined;
    if (meta.width <= MAX_DRAWING_WIDTH && !meta.hasAlpha) {
      return { data: found.data, type, width: meta.width, height: meta.height } satisfies Drawing;
    }
    // pdfkit splits an alpha channel pixel by pixel in JavaScript (20 ms for 800×600): drawings are
    // line art on paper, so flatten onto white here in native code instead.
    let image = sharp(found.data).flatten({ background: '#ffffff' });
    if (meta.width > MAX_DRAWING_WIDTH) image = image.resize({ width: MAX_DRAWING_WIDTH });
    const { data, info } = await (type === 'png' ? image.png() : image.jpeg()).toBuffer({ resolveWithObject: true });
    return { data, type, width: info.width, height: info.height } satisfies Drawing;
  } catch {
    return undefined;
  }
}

/** One patent of a document: what the layout shows, and its first drawing. */
export interface PatentSection {
  layout: PatentLayout;
  drawing: Drawing | undefined;
}

/** What renderPatentsPdf and renderPatentsDocx draw: plain data, so a CPU worker can take it. */
export interface PatentDocumentInput {
  title: string;
  lang: Language;
  sections: PatentSection[];
}

/** Width and height scaled to fit in a box, never enlarged. */
export function fitInto(
  size: { width: number; height: number },
  box: { width: number; height: number },
): { width: number; height: number } {
  const scale = Math.min(1, box.width / size.width, box.height / size.height);
  return { width: Math.round(size.width * scale), height: Math.round(size.height * scale) };
}

/** The footer's page label around the page number, in the export's language. */
export function pageLabel(lang: Language): { before: string; after: string } {
  return lang === 'en' ? { before: 'Page ', after: '' } : { before: '第 ', after: ' 页' };
}
