import type { DuplicateSection, Language, Span } from '@patlas/contracts';
import { HeadingLevel, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import { toParagraphs } from '../../documents/document-layout.js';
import { docxBuffer, newDocxDocument } from '../../documents/docx.js';
import { NOTO_CJK_DIR } from '../../documents/fonts.js';
import { newPdfDocument, pdfBuffer } from '../../documents/pdf.js';
import type { DuplicateReport } from './duplicate-report.js';

/**
 * The report of a check as a Word or PDF file (spec 2 §7 /patent/export?repeatId=): the overall
 * similarity, the summary by section, the similar patents with their similarity, and the evidence
 * of the first EVIDENCE_PATENTS of them — each matching sentence of the text beside the passage
 * of the patent, the matching characters highlighted on both sides (Word: yellow highlight; PDF:
 * red text, as pdfkit has no highlight of a run).
 */

/** Patents whose evidence the file shows (the rest are listed with their similarity). */
export const EVIDENCE_PATENTS = 20;

export interface ReportInput {
  title: string;
  text: string;
  createdAt: string;
  report: DuplicateReport;
  lang: Language;
}

const WORDS = {
  zh: {
    heading: '专利查重报告',
    checked: '查重内容',
    created: '提交时间',
    similarity: '总相似度',
    sentences: '句子（已匹配 / 可比对）',
    bySection: '按字段的相似度',
    patents: '相似专利',
    rank: '序号',
    number: '公开号',
    patentTitle: '标题',
    patentSimilarity: '相似度',
    matched: '匹配句数',
    evidence: '相似片段',
    input: '查重文本',
    none: '未发现相似专利',
    sections: { title: '标题', abstract: '摘要', claims: '权利要求', description: '说明书' },
    more: (n: number) => `仅列出前 ${n} 件专利的相似片段。`,
  },
  en: {
    heading: 'Duplicate check report',
    checked: 'Checked text',
    created: 'Submitted',
    similarity: 'Overall similarity',
    sentences: 'Sentences (matched / comparable)',
    bySection: 'Similarity by section',
    patents: 'Similar patents',
    rank: 'Rank',
    number: 'Publication number',
    patentTitle: 'Title',
    patentSimilarity: 'Similarity',
    matched: 'Matched sentences',
    evidence: 'Similar passages',
    input: 'Checked text',
    none: 'No similar patent was found',
    sections: { title: 'Title', abstract: 'Abstract', claims: 'Claims', description: 'Description' },
    more: (n: number) => `The similar passages of the first ${n} patents only.`,
  },
} as const;

const percent = (x: number) => `${(x * 100).toFixed(1)}%`;

/** A text cut into plain and matching pieces by its spans (offsets in `text`). */
export function piecesOf(text: string, spans: readonly Span[], offset = 0): { text: string; isMatch: boolean }[] {
  const pieces: { text: string; isMatch: boolean }[] = [];
  let at = 0;
  for (const span of spans) {
    const start = Math.max(at, span.start - offset);
    const end = Math.min(text.length, span.end - offset);
    if (end <= start) continue;
    if (start > at) pieces.push({ text: text.slice(at, start), isMatch: false });
    pieces.push({ text: text.slice(start, end), isMatch: true });
    at = end;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), isMatch: false });
  return pieces.map((p) => ({ ...p, text: toParagraphs(p.text).join(' ') })).filter((p) => p.text !== '');
}

interface EvidenceBlock {
  heading: string;
  pairs: {
    input: { text: string; isMatch: boolean }[];
    section: DuplicateSection;
    passage: { text: string; isMatch: boolean }[];
    similarity: number;
  }[];
}

/** What both formats show, in order. */
function layoutReport(input: ReportInput) {
  const words = WORDS[input.lang];
  const { report } = input;
  const summary: [string, string][] = [
    [words.checked, input.title],
    [words.created, input.createdAt.slice(0, 19).replace('T', ' ')],
    [words.similarity, percent(report.similarity)],
    [words.sentences, `${report.matched} / ${report.matchable}`],
    [
      words.bySection,
      (['title', 'abstract', 'claims', 'description'] as const)
        .map((s) => `${words.sections[s]} ${percent(report.bySection[s])}`)
        .join('，'),
    ],
  ];
  const rows = report.patents.map((p) => [
    String(p.rank),
    p.publicationNumber,
    toParagraphs(p.title ?? '').join(' '),
    percent(p.similarity),
    String(p.matchedSentences),
  ]);
  const blocks: EvidenceBlock[] = report.patents.slice(0, EVIDENCE_PATENTS).map((p) => ({
    heading: `${p.rank}. ${p.publicationNumber} ${toParagraphs(p.title ?? '').join(' ')}（${percent(p.similarity)}）`,
    pairs: (report.evidence[p.publicationNumber] ?? []).map((e) => {
      const sentence = report.sentences[e.sentence]!;
      return {
        input: piecesOf(input.text.slice(sentence.start, sentence.end), e.inputSpans, sentence.start),
        section: e.section,
        passage: piecesOf(e.passageText, e.passageSpans),
        similarity: e.similarity,
      };
    }),
  }));
  return { words, summary, rows, blocks };
}

/** The report as a .docx file. */
export async function reportDocx(input: ReportInput): Promise<Buffer> {
  const { words, summary, rows, blocks } = layoutReport(input);
  const runsOf = (pieces: { text: string; isMatch: boolean }[]) =>
    pieces.map((p) => new TextRun(p.isMatch ? { text: p.text, highlight: 'yellow' } : { text: p.text }));
  const cell = (text: string, bold = false) =>
    new TableCell({ children: [new Paragraph({ children: [new TextRun({ text, bold })] })] });
  const children: (Paragraph | Table)[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(words.heading)] }),
    ...summary.map(
      ([label, value]) =>
        new Paragraph({ children: [new TextRun({ text: `${label}：`, bold: true }), new TextRun(value)] }),
    ),
    new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(words.patents)] }),
  ];
  if (rows.length === 0) children.push(new Paragraph({ children: [new TextRun(words.none)] }));
  else {
    children.push(
      new Table({
        width: { size: 100, type: WidthType.PERCENTAGE },
        rows: [
          new TableRow({
            tableHeader: true,
            children: [words.rank, words.number, words.patentTitle, words.patentSimilarity, words.matched].map((h) =>
              cell(h, true),
            ),
          }),
          ...rows.map((row) => new TableRow({ children: row.map((value) => cell(value)) })),
        ],
      }),
    );
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(words.evidence)] }));
    if (rows.length > EVIDENCE_PATENTS)
      children.push(new Paragraph({ children: [new TextRun(words.more(EVIDENCE_PATENTS))] }));
  }
  for (const block of blocks) {
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(block.heading)] }));
    for (const pair of block.pairs) {
      children.push(
        new Paragraph({
          spacing: { before: 120 },
          children: [new TextRun({ text: `${words.input}：`, bold: true }), ...runsOf(pair.input)],
        }),
        new Paragraph({
          spacing: { after: 120 },
          children: [
            new TextRun({ text: `${words.sections[pair.section]}（${percent(pair.similarity)}）：`, bold: true }),
            ...runsOf(pair.passage),
          ],
        }),
      );
    }
  }
  return docxBuffer(newDocxDocument({ title: words.heading, sections: [{ children }] }));
}

const MATCH_COLOUR = '#c0392b';

/** The report as a .pdf file, drawn with the Noto Sans CJK collections the export uses. */
export async function reportPdf(input: ReportInput, fontDir = NOTO_CJK_DIR): Promise<Buffer> {
  const { words, summary, rows, blocks } = layoutReport(input);
  const doc = newPdfDocument({ title: words.heading, margin: 56 }, fontDir);
  const runs = (label: string, pieces: { text: string; isMatch: boolean }[]) => {
    doc
      .font('bold')
      .fillColor('black')
      .text(label, { continued: pieces.length > 0 });
    pieces.forEach((p, i) => {
      doc
        .font('regular')
        .fillColor(p.isMatch ? MATCH_COLOUR : 'black')
        .text(p.text, { continued: i < pieces.length - 1, underline: p.isMatch });
    });
    doc.fillColor('black');
  };
  doc.font('bold').fontSize(18).text(words.heading);
  doc.moveDown(0.5).fontSize(10);
  for (const [label, value] of summary) runs(`${label}：`, [{ text: value, isMatch: false }]);
  doc.moveDown(0.5).font('bold').fontSize(14).text(words.patents);
  doc.fontSize(10);
  if (rows.length === 0) doc.font('regular').text(words.none);
  for (const row of rows) doc.font('regular').text(`${row[0]}. ${row[1]}  ${row[3]}  ${row[2]}`);
  if (blocks.length > 0) {
    doc.moveDown(0.5).font('bold').fontSize(14).text(words.evidence);
    doc.fontSize(10);
    if (rows.length > EVIDENCE_PATENTS) doc.font('regular').text(words.more(EVIDENCE_PATENTS));
  }
  for (const block of blocks) {
    doc.moveDown(0.6).font('bold').fontSize(12).text(block.heading);
    doc.fontSize(10);
    for (const pair of block.pairs) {
      doc.moveDown(0.3);
      runs(`${words.input}：`, pair.input);
      runs(`${words.sections[pair.section]}（${percent(pair.similarity)}）：`, pair.passage);
    }
  }
  return pdfBuffer(doc);
}
