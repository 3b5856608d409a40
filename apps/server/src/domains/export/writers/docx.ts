import { rm, writeFile } from 'node:fs/promises';
import {
  AlignmentType,
  Document,
  Footer,
  HeadingLevel,
  ImageRun,
  Packer,
  PageNumber,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type FileChild,
  type ISectionOptions,
} from 'docx';
import type { Patent } from '@patlas/contracts';
import {
  fitInto,
  layoutPatent,
  pageLabel,
  readFirstDrawing,
  toParagraphs,
  type Drawing,
  type LabelledText,
  type PatentLayout,
} from './document-layout.js';
import type { OpenWriter, WriterInput } from './writer.js';

// A4 with 2.54 cm margins, in twips (1/20 pt): the text column is 9,026 twips = 6.27 in.
const PAGE = { width: 11_906, height: 16_838, margin: 1_440 };
const TEXT_WIDTH = PAGE.width - 2 * PAGE.margin;
const LABEL_WIDTH = 2_400;
/** The largest picture, in pixels at 96 per inch: the text column's width, two thirds of its height. */
const DRAWING_BOX = {
  width: Math.floor((TEXT_WIDTH / 1_440) * 96),
  height: Math.floor((((PAGE.height - 2 * PAGE.margin) / 1_440) * 96 * 2) / 3),
};
// Word picks a font per script; name one for each so Chinese does not fall back to a serif face.
const FONT = { ascii: 'Calibri', hAnsi: 'Calibri', eastAsia: 'Microsoft YaHei', cs: 'Calibri' };

/** What is kept of one patent until finish(): its texts and the drawing's bytes, not the record. */
interface PatentSection {
  layout: PatentLayout;
  drawing: Drawing | undefined;
}

/**
 * Opens a Word writer: one section (starting a new page) per patent with a heading, a table of the
 * chosen short fields, the chosen long texts as headed paragraphs and the first drawing. docx
 * builds the whole document in memory, so batches are reduced to their texts and drawings as
 * they arrive and the file is written by finish(); MAX_DOCUMENT_EXPORT_ROWS bounds the size.
 */
export const openDocxWriter: OpenWriter = (input) => {
  const sections: PatentSection[] = [];
  let isClosed = false;

  return Promise.resolve({
    async write(patents: readonly Patent[]) {
      if (isClosed) throw new Error('docx writer: write() after finish() or abort()');
      for (const patent of patents) {
        sections.push({ layout: layoutPatent(input, patent), drawing: await readFirstDrawing(input, patent) });
      }
    },
    async finish() {
      if (isClosed) throw new Error('docx writer: finish() after finish() or abort()');
      isClosed = true;
      const buffer = await Packer.toBuffer(buildDocument(input, sections));
      sections.length = 0;
      await writeFile(input.path, buffer);
    },
    async abort() {
      isClosed = true;
      sections.length = 0;
      await rm(input.path, { force: true });
    },
  });
};

function buildDocument(input: WriterInput, sections: readonly PatentSection[]): Document {
  const title = toParagraphs(input.title ?? '').join(' ');
  const titleLine = title ? [new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(title)] })] : [];
  const bodies: FileChild[][] = sections.map(({ layout, drawing }) => patentChildren(layout, drawing));
  if (bodies.length === 0) bodies.push([]);
  bodies[0]?.unshift(...titleLine);
  const { before, after } = pageLabel(input.lang);
  const footer = new Footer({
    children: [
      new Paragraph({
        alignment: AlignmentType.CENTER,
        children: [new TextRun({ children: [before, PageNumber.CURRENT, after], size: 16 })],
      }),
    ],
  });
  return new Document({
    creator: 'Patlas',
    title,
    styles: { default: { document: { run: { font: FONT, size: 21 } } } },
    sections: bodies.map((children, index): ISectionOptions => ({
      properties: {
        page: {
          size: { width: PAGE.width, height: PAGE.height },
          margin: { top: PAGE.margin, right: PAGE.margin, bottom: PAGE.margin, left: PAGE.margin },
        },
      },
      // Later sections without footers of their own take the first one's, as Word's "link to previous".
      ...(index === 0 ? { footers: { default: footer } } : {}),
      // A section needs at least one paragraph to be valid.
      children: children.length > 0 ? children : [new Paragraph({})],
    })),
  });
}

function patentChildren(layout: PatentLayout, drawing: Drawing | undefined): FileChild[] {
  const children: FileChild[] = [
    new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(layout.heading)] }),
  ];
  if (layout.fields.length > 0) children.push(fieldTable(layout.fields));
  for (const text of layout.texts) {
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(text.label)] }));
    for (const paragraph of text.paragraphs) {
      children.push(new Paragraph({ spacing: { after: 120 }, children: [new TextRun(paragraph)] }));
    }
  }
  if (drawing) {
    const size = fitInto(drawing, DRAWING_BOX);
    children.push(
      new Paragraph({
        alignment: AlignmentType.CENTER,
        spacing: { before: 240 },
        children: [
          new ImageRun({
            type: drawing.type,
            data: drawing.data,
            transformation: size,
            altText: { name: 'drawing', description: layout.heading, title: layout.heading },
          }),
        ],
      }),
    );
  }
  return children;
}

function fieldTable(fields: readonly LabelledText[]): Table {
  return new Table({
    width: { size: TEXT_WIDTH, type: WidthType.DXA },
    columnWidths: [LABEL_WIDTH, TEXT_WIDTH - LABEL_WIDTH],
    rows: fields.map(
      (field) =>
        new TableRow({
          children: [
            new TableCell({
              width: { size: LABEL_WIDTH, type: WidthType.DXA },
              shading: { fill: 'F2F2F2' },
              children: [new Paragraph({ children: [new TextRun({ text: field.label, bold: true })] })],
            }),
            new TableCell({
              width: { size: TEXT_WIDTH - LABEL_WIDTH, type: WidthType.DXA },
              children: field.paragraphs.map((paragraph) => new Paragraph({ children: [new TextRun(paragraph)] })),
            }),
          ],
        }),
    ),
  });
}
