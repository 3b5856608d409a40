import { rm, writeFile } from 'node:fs/promises';
import {
  AlignmentType,
  Document,
  HeadingLevel,
  ImageRun,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type FileChild,
} from 'docx';
import ExcelJS from 'exceljs';
import type { AnalysisExportFormat, Language } from '@patlas/contracts';
import type { ChartTable } from '@patlas/charts';
import { xlsxCellText } from './cell-text.js';
import { fitInto, toParagraphs } from './document-layout.js';

/** A chart as written: its heading, its table and (when the browser drew it) its PNG. */
export interface AnalysisSheet {
  title: string;
  table: ChartTable;
  image?: { data: Buffer; width: number; height: number } | undefined;
}

/** The search the analysis ran over, as label/value lines (the first sheet, the report's opening). */
export interface AnalysisCover {
  title: string;
  lines: { label: string; value: string }[];
}

/**
 * The analysis export's file: charts are added one by one as they are computed, the file is
 * written by finish(). A dashboard is at most a few dozen small tables and images, so both
 * formats are built in memory (exceljs's streaming writer cannot place images).
 */
export interface AnalysisWriter {
  add(sheet: AnalysisSheet): Promise<void>;
  finish(): Promise<void>;
  abort(): Promise<void>;
}

// Pixels an image takes at most in either file: about the width of an A4 text column.
const IMAGE_BOX = { width: 600, height: 450 };

export function openAnalysisWriter(
  format: AnalysisExportFormat,
  input: { path: string; lang: Language; cover: AnalysisCover },
): AnalysisWriter {
  return format === 'xlsx' ? openXlsx(input) : openDocx(input);
}

/** Excel's sheet names: at most 31 characters, none of []:*?/\, unique in the workbook. */
function sheetName(title: string, taken: Set<string>): string {
  const base =
    title
      .replace(/[[\]:*?/\\]/g, ' ')
      .slice(0, 28)
      .trim() || 'Sheet';
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base} ${n}`;
  taken.add(name.toLowerCase());
  return name;
}

const cellOf = (value: string | number) => (typeof value === 'number' ? value : xlsxCellText(value));

function openXlsx(input: { path: string; lang: Language; cover: AnalysisCover }): AnalysisWriter {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Patlas';
  const names = new Set<string>();
  const cover = workbook.addWorksheet(sheetName(input.lang === 'zh' ? '检索信息' : 'Search', names));
  cover.columns = [{ width: 18 }, { width: 80 }];
  cover.addRow([xlsxCellText(input.cover.title)]).font = { bold: true, size: 14 };
  for (const line of input.cover.lines)
    cover.addRow([line.label, xlsxCellText(line.value)]).getCell(1).font = { bold: true };
  return {
    async add({ title, table, image }) {
      const sheet = workbook.addWorksheet(sheetName(title, names));
      sheet.addRow([xlsxCellText(title)]).font = { bold: true, size: 13 };
      for (const figure of table.figures ?? []) sheet.addRow([figure.label, figure.value]);
      const header = sheet.addRow(table.columns.map(cellOf));
      header.font = { bold: true };
      for (const row of table.rows) sheet.addRow(row.map(cellOf));
      sheet.getColumn(1).width = 36;
      for (let c = 2; c <= table.columns.length; c++) sheet.getColumn(c).width = 14;
      if (image) {
        // The picture sits to the right of the table, from its header row.
        const size = fitInto(image, IMAGE_BOX);
        const id = workbook.addImage({ buffer: image.data as unknown as ExcelJS.Buffer, extension: 'png' });
        sheet.addImage(id, { tl: { col: table.columns.length + 1, row: header.number - 1 }, ext: size });
      }
    },
    async finish() {
      await workbook.xlsx.writeFile(input.path);
    },
    async abort() {
      await rm(input.path, { force: true });
    },
  };
}

// Word: A4 with 2.54 cm margins; the text column is 9,026 twips wide.
const TEXT_WIDTH = 9_026;
const FONT = { ascii: 'Calibri', hAnsi: 'Calibri', eastAsia: 'Microsoft YaHei', cs: 'Calibri' };

function openDocx(input: { path: string; lang: Language; cover: AnalysisCover }): AnalysisWriter {
  const children: FileChild[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(toParagraphs(input.cover.title).join(' '))] }),
    ...input.cover.lines.map(
      (line) =>
        new Paragraph({
          children: [
            new TextRun({ text: `${line.label}：`, bold: true }),
            new TextRun(toParagraphs(line.value).join(' ')),
          ],
        }),
    ),
  ];
  return {
    async add({ title, table, image }) {
      children.push(
        new Paragraph({ heading: HeadingLevel.HEADING_1, pageBreakBefore: true, children: [new TextRun(title)] }),
      );
      for (const figure of table.figures ?? []) {
        children.push(
          new Paragraph({
            children: [new TextRun({ text: `${figure.label}：`, bold: true }), new TextRun(figure.value)],
          }),
        );
      }
      if (image) {
        children.push(
          new Paragraph({
            alignment: AlignmentType.CENTER,
            spacing: { after: 240 },
            children: [
              new ImageRun({
                type: 'png',
                data: image.data,
                transformation: fitInto(image, IMAGE_BOX),
                altText: { name: 'chart', description: title, title },
              }),
            ],
          }),
        );
      }
      children.push(dataTable(table));
    },
    async finish() {
      const document = new Document({
        creator: 'Patlas',
        title: input.cover.title,
        styles: { default: { document: { run: { font: FONT, size: 21 } } } },
        sections: [{ children }],
      });
      await writeFile(input.path, await Packer.toBuffer(document));
    },
    async abort() {
      await rm(input.path, { force: true });
    },
  };
}

function dataTable(table: ChartTable): Table {
  const columns = table.columns.length;
  const first = columns > 1 ? Math.round(TEXT_WIDTH * 0.4) : TEXT_WIDTH;
  const other = columns > 1 ? Math.floor((TEXT_WIDTH - first) / (columns - 1)) : 0;
  const widths = table.columns.map((_c, i) => (i === 0 ? first : other));
  const cell = (value: string | number, i: number, isHeader: boolean) =>
    new TableCell({
      width: { size: widths[i] ?? other, type: WidthType.DXA },
      ...(isHeader ? { shading: { fill: 'F2F2F2' } } : {}),
      children: [
        new Paragraph({
          alignment: i === 0 ? AlignmentType.LEFT : AlignmentType.RIGHT,
          children: [
            new TextRun({ text: typeof value === 'number' ? value.toLocaleString('en-US') : value, bold: isHeader }),
          ],
        }),
      ],
    });
  return new Table({
    width: { size: TEXT_WIDTH, type: WidthType.DXA },
    columnWidths: widths,
    rows: [
      new TableRow({ tableHeader: true, children: table.columns.map((c, i) => cell(c, i, true)) }),
      ...table.rows.map((row) => new TableRow({ children: row.map((v, i) => cell(v, i, false)) })),
    ],
  });
}
