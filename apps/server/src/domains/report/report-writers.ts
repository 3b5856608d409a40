import {
  AlignmentType,
  ExternalHyperlink,
  HeadingLevel,
  ImageRun,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type FileChild,
} from 'docx';
import { docxBuffer, newDocxDocument } from '../../documents/docx.js';
import { BOLD, NOTO_CJK_DIR, REGULAR } from '../../documents/fonts.js';
import { newPdfDocument, pdfBuffer } from '../../documents/pdf.js';
import type { RenderedChart } from './report-charts.js';
import type { BuiltSection, SectionTable } from './report-sections.js';

/** A report as written: its cover lines and its sections with their charts drawn. */
export interface ReportDocument {
  title: string;
  /** The first line of the file: the title, or the expression it was cut from (reportHeading). */
  heading?: string;
  lang: 'zh' | 'en';
  cover: { label: string; value: string }[];
  sections: (BuiltSection & { images: (RenderedChart & { title: string })[] })[];
  /** Patlas's address: the patent links of the tables point into it. */
  publicUrl: string;
}

/** How much of the expression a report's heading carries (the title field keeps spec 2 §5's 25). */
export const REPORT_HEADING_EXPRESSION_MAX = 80;

/**
 * The heading of a report: its title, unless the title is the set's expression cut to the title's
 * 25 characters (the dialog's default, issue 43: "TIAB=(lithium battery OR"), then the expression
 * up to REPORT_HEADING_EXPRESSION_MAX characters, cut with "…".
 */
export function reportHeading(title: string, expression: string): string {
  const expr = expression.replace(/\s+/g, ' ').trim();
  const shown = title.replace(/\s+/g, ' ').trim().replace(/…$/, '');
  if (!shown || expr.length <= shown.length || !expr.startsWith(shown)) return title;
  const chars = [...expr];
  return chars.length <= REPORT_HEADING_EXPRESSION_MAX
    ? expr
    : `${chars
        .slice(0, REPORT_HEADING_EXPRESSION_MAX - 1)
        .join('')
        .trimEnd()}…`;
}

const cellText = (value: string | number) => (typeof value === 'number' ? value.toLocaleString('en-US') : value);
const absolute = (publicUrl: string, link: string) => `${publicUrl.replace(/\/+$/, '')}${link}`;

// ---- Word --------------------------------------------------------------------------------------

// A4 with 2.54 cm margins: the text column is 9,026 twips (about 600 px at 96 dpi).
const TEXT_WIDTH = 9_026;
const IMAGE_WIDTH = 600;

function docxTable(table: SectionTable, publicUrl: string): Table {
  const columns = table.columns.length;
  const widths = table.columns.map(() => Math.floor(TEXT_WIDTH / columns));
  const cell = (value: string | number, i: number, isHeader: boolean, link?: string) =>
    new TableCell({
      width: { size: widths[i] ?? widths[0]!, type: WidthType.DXA },
      ...(isHeader ? { shading: { fill: 'F2F2F2' } } : {}),
      children: [
        new Paragraph({
          alignment: typeof value === 'number' ? AlignmentType.RIGHT : AlignmentType.LEFT,
          children: [
            link
              ? new ExternalHyperlink({
                  link: absolute(publicUrl, link),
                  children: [new TextRun({ text: cellText(value), style: 'Hyperlink' })],
                })
              : new TextRun({ text: cellText(value), bold: isHeader }),
          ],
        }),
      ],
    });
  // The patent tables link their publication number (the column after the rank), others their first cell.
  const linkColumn = table.columns.length > 1 && typeof table.rows[0]?.[0] === 'number' ? 1 : 0;
  return new Table({
    width: { size: TEXT_WIDTH, type: WidthType.DXA },
    columnWidths: widths,
    rows: [
      new TableRow({ tableHeader: true, children: table.columns.map((c, i) => cell(c, i, true)) }),
      ...table.rows.map(
        (row, r) =>
          new TableRow({
            // A row is never cut between two pages; the header row repeats on each page (tableHeader).
            cantSplit: true,
            children: row.map((v, i) => cell(v, i, false, i === linkColumn ? table.links?.[r] : undefined)),
          }),
      ),
    ],
  });
}

/** The report as a .docx file (plain data in, bytes out: a CPU worker runs it). */
export function renderReportDocx(report: ReportDocument): Promise<Buffer> {
  const children: FileChild[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(report.heading ?? report.title)] }),
    ...report.cover.map(
      (line) =>
        new Paragraph({
          children: [new TextRun({ text: `${line.label}：`, bold: true }), new TextRun(line.value)],
        }),
    ),
  ];
  for (const section of report.sections) {
    if (section.empty) {
      // Nothing to show: one line where the previous section ends, not a page of its own.
      children.push(
        new Paragraph({
          spacing: { before: 240, after: 120 },
          children: [
            new TextRun({ text: `${section.heading}${report.lang === 'zh' ? '：' : ': '}`, bold: true }),
            new TextRun(section.sentence),
          ],
        }),
      );
      continue;
    }
    children.push(
      new Paragraph({
        heading: HeadingLevel.HEADING_1,
        pageBreakBefore: true,
        children: [new TextRun(section.heading)],
      }),
      new Paragraph({ spacing: { after: 200 }, children: [new TextRun(section.sentence)] }),
    );
    if (section.note) children.push(new Paragraph({ children: [new TextRun({ text: section.note, italics: true })] }));
    for (const image of section.images) {
      const height = Math.round((image.height / image.width) * IMAGE_WIDTH);
      children.push(
        new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(image.title)] }),
        new Paragraph({
          alignment: AlignmentType.CENTER,
          spacing: { after: 240 },
          children: [
            new ImageRun({
              type: 'png',
              data: image.png,
              transformation: { width: IMAGE_WIDTH, height },
              altText: { name: 'chart', description: image.title, title: image.title },
            }),
          ],
        }),
      );
    }
    for (const table of section.tables) {
      if (table.title)
        children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(table.title)] }));
      children.push(docxTable(table, report.publicUrl), new Paragraph({ children: [] }));
    }
  }
  return docxBuffer(newDocxDocument({ title: report.title, sections: [{ children }] }));
}

// ---- PDF ---------------------------------------------------------------------------------------

const MARGIN = 57;
const PAGE = { width: 595.28, height: 841.89 };
const PDF_TEXT_WIDTH = PAGE.width - 2 * MARGIN;
const BOTTOM = PAGE.height - MARGIN;
const SIZE = { title: 20, heading: 15, subheading: 11, text: 10, table: 8 };

/** The report as a .pdf file (plain data in, bytes out: a CPU worker runs it). */
export function renderReportPdf(report: ReportDocument, fontDir = NOTO_CJK_DIR): Promise<Buffer> {
  const doc = newPdfDocument({ title: report.title, margin: MARGIN, displayTitle: true }, fontDir);

  const ensure = (height: number) => {
    if (doc.y + height > BOTTOM) doc.addPage();
  };

  doc
    .font(BOLD)
    .fontSize(SIZE.title)
    .text(report.heading ?? report.title, { width: PDF_TEXT_WIDTH });
  doc.moveDown(0.8);
  for (const line of report.cover) {
    doc.font(BOLD).fontSize(SIZE.text).text(`${line.label}：`, { continued: true });
    doc.font(REGULAR).text(line.value, { width: PDF_TEXT_WIDTH });
  }

  for (const section of report.sections) {
    if (section.empty) {
      // Nothing to show: one line where the previous section ends, not a page of its own.
      doc.moveDown(0.8);
      ensure(30);
      doc.x = MARGIN;
      doc
        .font(BOLD)
        .fontSize(SIZE.text)
        .text(`${section.heading}${report.lang === 'zh' ? '：' : ': '}`, {
          continued: true,
        });
      doc.font(REGULAR).text(section.sentence, { width: PDF_TEXT_WIDTH });
      continue;
    }
    doc.addPage();
    doc.font(BOLD).fontSize(SIZE.heading).text(section.heading, { width: PDF_TEXT_WIDTH });
    doc.moveDown(0.5);
    doc.font(REGULAR).fontSize(SIZE.text).text(section.sentence, { width: PDF_TEXT_WIDTH });
    if (section.note) doc.moveDown(0.3).fillColor('#555555').text(section.note).fillColor('#000000');
    doc.moveDown(0.6);
    for (const image of section.images) {
      const height = Math.min(360, (image.height / image.width) * PDF_TEXT_WIDTH);
      const width = (image.width / image.height) * height;
      ensure(height + 30);
      doc.font(BOLD).fontSize(SIZE.subheading).text(image.title, { width: PDF_TEXT_WIDTH });
      const top = doc.y + 4;
      doc.image(image.png, MARGIN + (PDF_TEXT_WIDTH - width) / 2, top, { width, height });
      doc.y = top + height + 10;
      doc.x = MARGIN;
    }
    for (const table of section.tables) pdfTable(doc, table, report.publicUrl, ensure);
  }
  return pdfBuffer(doc);
}

/** Rows of a table kept together at its start and its end: no page holds only 1–2 of its rows (issue 43). */
export const TABLE_MIN_ROWS_TOGETHER = 3;

/**
 * Where a table's rows go across pages: whether it starts on a new page, and the rows that start a
 * page (each under the header again). A table starts on the current page only when its title,
 * header and first TABLE_MIN_ROWS_TOGETHER rows fit there; a last page that would hold fewer than
 * TABLE_MIN_ROWS_TOGETHER rows takes more from the page before (issue 43: continuation tables
 * left 1–2 orphan rows).
 */
export function planTableBreaks(
  rowHeights: readonly number[],
  options: { header: number; title: number; space: number; pageSpace: number; minRows?: number },
): { newPage: boolean; breaks: number[] } {
  const minRows = options.minRows ?? TABLE_MIN_ROWS_TOGETHER;
  const n = rowHeights.length;
  const lead = rowHeights.slice(0, Math.min(minRows, n)).reduce((a, b) => a + b, 0);
  const newPage = options.title + options.header + lead > options.space && options.space < options.pageSpace;
  let room = (newPage ? options.pageSpace : options.space) - options.title - options.header;
  const breaks: number[] = [];
  rowHeights.forEach((h, r) => {
    if (h > room && r > (breaks.at(-1) ?? 0)) {
      breaks.push(r);
      room = options.pageSpace - options.header;
    }
    room -= h;
  });
  const last = breaks.at(-1);
  if (last !== undefined && n - last < minRows && n > minRows) {
    const before = breaks.length > 1 ? breaks.at(-2)! : 0;
    // Earlier, but leaving the page before at least one row (two breaks never meet).
    breaks[breaks.length - 1] = Math.max(before + 1, n - minRows);
  }
  return { newPage, breaks };
}

function pdfTable(
  doc: PDFKit.PDFDocument,
  table: SectionTable,
  publicUrl: string,
  ensure: (height: number) => void,
): void {
  const columns = table.columns.length;
  // The patent tables (rank first) give the title the room; other tables their first column.
  const isPatents = typeof table.rows[0]?.[0] === 'number';
  const weights = table.columns.map((_c, i) =>
    isPatents ? ([0.6, 1.6, 3, 1.8, 1.2, 0.8][i] ?? 1) : i === 0 ? 2.5 : 1,
  );
  const sum = weights.reduce((a, b) => a + b, 0);
  const widths = weights.map((w) => (w / sum) * PDF_TEXT_WIDTH);
  const linkColumn = columns > 1 && isPatents ? 1 : 0;
  const heightOf = (cells: (string | number)[], bold: boolean) => {
    doc.font(bold ? BOLD : REGULAR).fontSize(SIZE.table);
    return Math.max(...cells.map(cellText).map((t, i) => doc.heightOfString(t, { width: widths[i]! - 6 }))) + 6;
  };
  doc.font(BOLD).fontSize(SIZE.subheading);
  const titleHeight = table.title
    ? doc.heightOfString(table.title, { width: PDF_TEXT_WIDTH }) + doc.currentLineHeight() * 0.3
    : 0;
  const plan = planTableBreaks(
    table.rows.map((row) => heightOf(row, false)),
    {
      header: heightOf(table.columns, true),
      title: titleHeight,
      space: BOTTOM - doc.y,
      pageSpace: BOTTOM - MARGIN,
    },
  );
  if (plan.newPage) doc.addPage();
  else ensure(titleHeight + heightOf(table.columns, true));
  if (table.title) {
    doc.font(BOLD).fontSize(SIZE.subheading).text(table.title, MARGIN, doc.y, { width: PDF_TEXT_WIDTH });
    doc.moveDown(0.3);
  }
  const drawRow = (cells: (string | number)[], bold: boolean, link?: string) => {
    const height = heightOf(cells, bold);
    const texts = cells.map(cellText);
    ensure(height);
    const top = doc.y;
    if (bold) doc.rect(MARGIN, top, PDF_TEXT_WIDTH, height).fill('#f2f2f2').fillColor('#000000');
    let x = MARGIN;
    texts.forEach((text, i) => {
      const isLink = link !== undefined && i === linkColumn;
      doc.fillColor(isLink ? '#1155cc' : '#000000');
      doc.text(text, x + 3, top + 3, {
        width: widths[i]! - 6,
        ...(isLink ? { link: absolute(publicUrl, link), underline: true } : {}),
      });
      x += widths[i]!;
    });
    doc.fillColor('#000000');
    doc
      .moveTo(MARGIN, top + height)
      .lineTo(MARGIN + PDF_TEXT_WIDTH, top + height)
      .lineWidth(0.5)
      .strokeColor('#cccccc')
      .stroke();
    doc.y = top + height;
  };
  drawRow(table.columns, true);
  const breaks = new Set(plan.breaks);
  table.rows.forEach((row, r) => {
    if (breaks.has(r)) {
      // A continued table: a new page, under its header again.
      doc.addPage();
      drawRow(table.columns, true);
    }
    drawRow(row, false, table.links?.[r]);
  });
  doc.x = MARGIN;
  doc.moveDown(1);
}
