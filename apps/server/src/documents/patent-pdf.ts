import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Language, Patent } from '@patlas/contracts';
import {
  fitInto,
  layoutPatent,
  pageLabel,
  readFirstDrawing,
  toParagraphs,
  type Drawing,
  type LabelledText,
  type PatentDocumentInput,
  type PatentLayout,
} from './document-layout.js';
import { BOLD, cjkFontCollections, NOTO_CJK_DIR, REGULAR } from './fonts.js';
import { newPdfDocument, pdfBuffer } from './pdf.js';
import type { ExportWriter, OpenWriter, WriterInput } from './writer.js';

export { NOTO_CJK_DIR };

// A4 in points with 2 cm margins.
const MARGIN = 57;
const PAGE = { width: 595.28, height: 841.89 };
const LEFT = MARGIN;
const TEXT_WIDTH = PAGE.width - 2 * MARGIN;
const LABEL_WIDTH = 110;
const CELL_GAP = 10;
const DRAWING_MIN_SCALE = 0.6;
const SIZE = { title: 16, heading: 13, subheading: 11, label: 9, text: 10, footer: 8 };
const RULE_COLOUR = '#cccccc';
const LABEL_COLOUR = '#555555';

/**
 * Opens a PDF writer that draws with the Noto Sans CJK collections in `fontDir`. Exported for
 * tests of the missing-font message; the app uses openPdfWriter.
 */
export function createPdfWriterOpener(fontDir = NOTO_CJK_DIR): OpenWriter {
  return (input) => Promise.resolve().then(() => openPdf(input, fontDir));
}

/**
 * Opens a PDF writer: the same layout as the Word export (a page-starting section per patent:
 * heading, table of the short fields, long texts, first drawing), pages numbered in the footer.
 * Pages go to `input.path` as each patent is done: only the current patent's pages are held, the
 * fonts' subsets are written at finish().
 *
 * Measured on the shared 2-core development machine (2026-11-27): 100 patents, half Chinese and
 * half English, 10 fields with abstract and 3 claims (about 700 characters), an 800×600 PNG drawing
 * each: 150 pages, 1.0 MB, 1.2–1.6 s (0.9–1.6 s without drawings), process RSS about 250 MB, most
 * of it the two 20 MB font collections fontkit holds. The Word writer takes about 1.0 s for the same.
 */
export const openPdfWriter: OpenWriter = createPdfWriterOpener();

function openPdf(input: WriterInput, fontDir: string): ExportWriter {
  // Before the file is created: a missing font fails the export with its message, leaving nothing.
  cjkFontCollections(fontDir);
  const drawer = patentPdfDrawer({ title: input.title ?? '', lang: input.lang }, fontDir);
  const { doc } = drawer;
  const out = createWriteStream(input.path);
  let streamError: Error | undefined;
  const closed = new Promise<void>((resolve, reject) => {
    out.once('error', (error) => {
      streamError = error;
      reject(error);
    });
    out.once('close', resolve);
  });
  // Reported by write() and finish(); without this an early error would be an unhandled rejection.
  closed.catch(() => undefined);
  doc.pipe(out);
  let isClosed = false;

  return {
    async write(patents: readonly Patent[]) {
      if (isClosed) throw new Error('pdf writer: write() after finish() or abort()');
      for (const patent of patents) {
        if (streamError) throw streamError;
        drawer.writePatent(layoutPatent(input, patent), await readFirstDrawing(input, patent));
      }
    },
    async finish() {
      if (isClosed) throw new Error('pdf writer: finish() after finish() or abort()');
      isClosed = true;
      drawer.finish();
      doc.end();
      await closed;
    },
    async abort() {
      isClosed = true;
      doc.unpipe(out);
      out.destroy();
      await closed.catch(() => undefined);
      await rm(input.path, { force: true });
    },
  };
}

/**
 * The patents' PDF at once, as a Buffer: the layout of openPdfWriter, for a document of a few
 * patents rendered on a CPU worker (the caller reads the records and drawings).
 */
export function renderPatentsPdf(input: PatentDocumentInput, fontDir = NOTO_CJK_DIR): Promise<Buffer> {
  const drawer = patentPdfDrawer(input, fontDir);
  for (const section of input.sections) drawer.writePatent(section.layout, section.drawing);
  drawer.finish();
  return pdfBuffer(drawer.doc);
}

/** The document and its drawing steps: a page-starting section per patent, footers stamped as pages are flushed. */
function patentPdfDrawer(input: { title: string; lang: Language }, fontDir: string) {
  const title = toParagraphs(input.title).join(' ');
  // bufferPages: the footers are stamped on a patent's pages before they are flushed; pdfkit's
  // pageAdded event fires in the middle of wrapping text, where changing the font would leak.
  const doc = newPdfDocument(
    { title, margin: MARGIN, autoFirstPage: false, bufferPages: true, displayTitle: title !== '' },
    fontDir,
  );

  // Pages added so far, including those pdfkit adds itself when text runs past the bottom.
  let pageCount = 0;
  doc.on('pageAdded', () => {
    pageCount++;
  });
  const label = pageLabel(input.lang);
  let isFirstPatent = true;

  function stampAndFlushPages(): void {
    const { start, count } = doc.bufferedPageRange();
    for (let index = start; index < start + count; index++) {
      doc.switchToPage(index);
      const bottom = doc.page.margins.bottom;
      // Text below the bottom margin would start a new page.
      doc.page.margins.bottom = 0;
      doc
        .font(REGULAR)
        .fontSize(SIZE.footer)
        .fillColor(LABEL_COLOUR)
        .text(`${label.before}${index + 1}${label.after}`, LEFT, PAGE.height - bottom / 2 - SIZE.footer / 2, {
          width: TEXT_WIDTH,
          align: 'center',
          lineBreak: false,
        });
      doc.page.margins.bottom = bottom;
      doc.fillColor('black');
    }
    doc.flushPages();
  }

  function writePatent(layout: PatentLayout, drawing: Drawing | undefined): void {
    stampAndFlushPages();
    doc.addPage();
    if (isFirstPatent && title !== '') {
      doc.font(BOLD).fontSize(SIZE.title).text(title, LEFT, doc.y, { width: TEXT_WIDTH });
      doc.moveDown(0.8);
    }
    isFirstPatent = false;
    doc.font(BOLD).fontSize(SIZE.heading).text(layout.heading, LEFT, doc.y, { width: TEXT_WIDTH });
    doc.moveDown(0.6);
    if (layout.fields.length > 0) {
      rule(doc.y);
      for (const field of layout.fields) writeRow(field);
    }
    for (const text of layout.texts) writeText(text);
    if (drawing) writeDrawing(drawing);
  }

  /** A table row: label left, value right, a rule below; a long value continues on the next page. */
  function writeRow(field: LabelledText): void {
    ensureSpace(3 * SIZE.text);
    const top = doc.y + 3;
    const startPage = pageCount;
    doc.font(BOLD).fontSize(SIZE.label).fillColor(LABEL_COLOUR).text(field.label, LEFT, top, { width: LABEL_WIDTH });
    const labelBottom = doc.y;
    doc
      .font(REGULAR)
      .fontSize(SIZE.text)
      .fillColor('black')
      .text(field.paragraphs.join('\n'), LEFT + LABEL_WIDTH + CELL_GAP, top, {
        width: TEXT_WIDTH - LABEL_WIDTH - CELL_GAP,
      });
    const bottom = (pageCount === startPage ? Math.max(labelBottom, doc.y) : doc.y) + 3;
    rule(bottom);
    doc.x = LEFT;
    doc.y = bottom;
  }

  function writeText(text: LabelledText): void {
    doc.moveDown(0.8);
    ensureSpace(4 * SIZE.text);
    doc.font(BOLD).fontSize(SIZE.subheading).text(text.label, LEFT, doc.y, { width: TEXT_WIDTH });
    doc.moveDown(0.3);
    doc.font(REGULAR).fontSize(SIZE.text);
    for (const paragraph of text.paragraphs) {
      doc.text(paragraph, LEFT, doc.y, { width: TEXT_WIDTH, paragraphGap: 4, lineGap: 1 });
    }
  }

  function writeDrawing(drawing: Drawing): void {
    // One pixel to a point at most, within the text column and three quarters of a page.
    const box = { width: TEXT_WIDTH, height: (doc.page.maxY() - MARGIN) * 0.75 };
    let size = fitInto(drawing, box);
    doc.moveDown(1);
    const room = doc.page.maxY() - doc.y;
    // Shrunk a little to stay below the texts rather than alone on a page; else on the next page.
    if (size.height > room && room >= size.height * DRAWING_MIN_SCALE)
      size = fitInto(drawing, { ...box, height: room });
    ensureSpace(size.height);
    const top = doc.y;
    try {
      doc.image(drawing.data, LEFT + (TEXT_WIDTH - size.width) / 2, top, size);
    } catch {
      // A PNG variant pdfkit cannot embed: the picture is left out, as an unreadable one is.
      return;
    }
    doc.x = LEFT;
    doc.y = top + size.height;
  }

  function ensureSpace(height: number): void {
    if (doc.y + height > doc.page.maxY()) doc.addPage();
  }

  function rule(y: number): void {
    doc
      .moveTo(LEFT, y)
      .lineTo(LEFT + TEXT_WIDTH, y)
      .lineWidth(0.5)
      .strokeColor(RULE_COLOUR)
      .stroke();
  }

  return {
    doc,
    writePatent,
    /** Ends the drawing: an export of nothing is still a valid one-page document (with its title, if any). */
    finish() {
      if (pageCount === 0) {
        doc.addPage();
        if (title !== '') doc.font(BOLD).fontSize(SIZE.title).text(title, LEFT, doc.y, { width: TEXT_WIDTH });
      }
      stampAndFlushPages();
    },
  };
}
