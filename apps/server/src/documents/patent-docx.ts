import { rm, writeFile } from 'node:fs/promises';
import {
  AlignmentType,
  type Document,
  Footer,
  HeadingLevel,
  ImageRun,
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
  type PatentDocumentInput,
  type PatentLayout,
  type PatentSection,
} from './document-layout.js';
import { A4_SECTION_PROPERTIES, DOCX_PAGE as PAGE, docxBuffer, newDocxDocument } from './docx.js';
import type { ExportWriter, OpenWriter, WriterInput } from './writer.js';

const TEXT_WIDTH = PAGE.width - 2 * PAGE.margin;
const LABEL_WIDTH = 2_400;
/** The largest picture, in pixels at 96 per inch: the text column's width, two thirds of its height. */
const DRAWING_BOX = {
  width: Math.floor((TEXT_WIDTH / 1_440) * 96),
  height: Math.floor((((PAGE.height - 2 * PAGE.margin) / 1_440) * 96 * 2) / 3),
};
/**
 * Opens a Word writer: one section (starting a new page) per patent with a heading, a table of the
 * chosen short fields, the chosen long texts as headed paragraphs and the first drawing. docx
 * builds the whole document in memory, so batches are reduced to their texts and drawings as
 * they arrive and the file is written by finish(); MAX_DOCUMENT_EXPORT_ROWS bounds the size.
 */
export const openDocxWriter: OpenWriter = (input) => openRenderedWriter(input, renderPatentsDocx);

/**
 * A writer that keeps each patent's layout and drawing as batches arrive (the records themselves
 * are let go) and has `render` draw the whole document at finish(), then writes its bytes to
 * `input.path`. With a renderer that posts to a CPU worker, the drawing leaves the HTTP thread:
 * the layouts and drawings are plain data.
 */
export function openRenderedWriter(
  input: WriterInput,
  render: (document: PatentDocumentInput) => Promise<Buffer>,
): Promise<ExportWriter> {
  const sections: PatentSection[] = [];
  let isClosed = false;
  return Promise.resolve({
    async write(patents: readonly Patent[]) {
      if (isClosed) throw new Error('document writer: write() after finish() or abort()');
      for (const patent of patents) {
        sections.push({ layout: layoutPatent(input, patent), drawing: await readFirstDrawing(input, patent) });
      }
    },
    async finish() {
      if (isClosed) throw new Error('document writer: finish() after finish() or abort()');
      isClosed = true;
      const buffer = await render({ title: input.title ?? '', lang: input.lang, sections });
      sections.length = 0;
      await writeFile(input.path, buffer);
    },
    async abort() {
      isClosed = true;
      sections.length = 0;
      await rm(input.path, { force: true });
    },
  });
}

/** The patents' Word file at once, as a Buffer (the layout of openDocxWriter; a CPU worker can run it). */
export function renderPatentsDocx(input: PatentDocumentInput): Promise<Buffer> {
  return docxBuffer(buildDocument(input, input.sections));
}

function buildDocument(input: Omit<PatentDocumentInput, 'sections'>, sections: readonly PatentSection[]): Document {
  const title = toParagraphs(input.title).join(' ');
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
  return newDocxDocument({
    title,
    sections: bodies.map((children, index): ISectionOptions => ({
      properties: A4_SECTION_PROPERTIES,
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
