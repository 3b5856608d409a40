import type {
  FeatureMatch,
  Language,
  PreEvaluationKind,
  PreEvaluationResult,
  PriorArtCategory,
  RiskLevel,
  Span,
} from '@patlas/contracts';
import {
  BorderStyle,
  HeadingLevel,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { toParagraphs } from '../../documents/document-layout.js';
import { docxBuffer, newDocxDocument } from '../../documents/docx.js';
import { NOTO_CJK_DIR } from '../../documents/fonts.js';
import { newPdfDocument, pdfBuffer } from '../../documents/pdf.js';

/**
 * A finished pre-evaluation as a Word or PDF file (spec 2 §7 /apply/pre/result/export?id=), or the
 * novelty report of a disclosure (`report=novelty`): the risks and their reasons, the features,
 * the prior art with its categories, the feature × document matrix of the first documents, and the
 * evidence — each feature beside the passage of a document that discloses it, the matching terms
 * highlighted (Word: yellow; PDF: red underlined, as pdfkit has no highlight of a run).
 */

/** Documents the matrix of the file shows (the page shows PRE_EVALUATION_MATRIX_DOCUMENTS). */
export const FILE_MATRIX_DOCUMENTS = 8;

export interface EvaluationFileInput {
  title: string;
  text: string;
  kind: PreEvaluationKind;
  priorityDate: string | null;
  createdAt: string;
  result: PreEvaluationResult;
  lang: Language;
  report: 'evaluation' | 'novelty';
  /** The novelty report's documents (default: the evidence documents and the matrix's first). */
  documents?: string[] | undefined;
  /** The user's categories (others keep the suggestion). */
  categories: Record<string, PriorArtCategory>;
}

const WORDS = {
  zh: {
    evaluation: '专利申请预评估报告',
    novelty: '查新报告',
    input: '评估内容',
    created: '提交时间',
    kind: { claims: '权利要求', disclosure: '技术交底' },
    kindLabel: '输入类型',
    priorityDate: '对比文献公开日早于',
    none: '不限',
    risks: '风险结论',
    noveltyRisk: '新颖性风险',
    inventivenessRisk: '创造性风险',
    levels: { high: '高', medium: '中', low: '低', insufficient: '证据不足', coarse: '特征过少' } as Record<
      RiskLevel,
      string
    >,
    features: '技术特征',
    documents: '对比文献',
    rank: '序号',
    number: '公开号',
    docTitle: '标题',
    date: '公开日',
    disclosed: '公开特征',
    category: '类别',
    matrix: '特征对比表（得分，✓ 为已公开）',
    evidence: '证据',
    feature: '特征',
    passage: '对比文献段落',
    notFound: '未找到相应段落',
    sections: { title: '标题', abstract: '摘要', claims: '权利要求', description: '说明书' },
    conclusion: '结论',
    categoriesNote: 'X：单独影响新颖性；Y：与其他文献结合影响创造性；A：一般背景技术',
    conclusionX: (docs: string) => `对比文献 ${docs} 为 X 类文献，单独公开了全部技术特征，本技术方案的新颖性存在风险。`,
    conclusionY: (docs: string) => `对比文献 ${docs} 为 Y 类文献，结合后可能影响本技术方案的创造性。`,
    conclusionA: '所列文献均为 A 类文献，未发现单独或结合公开全部技术特征的文献。',
    disclaimer:
      '本报告由系统根据检索结果与文本比对自动生成，仅供参考，不构成审查意见或法律意见；检索范围限于本系统收录的专利文献。',
    score: '得分',
  },
  en: {
    evaluation: 'Patent application pre-evaluation',
    novelty: 'Novelty search report',
    input: 'Evaluated text',
    created: 'Submitted',
    kind: { claims: 'Claims', disclosure: 'Disclosure' },
    kindLabel: 'Input',
    priorityDate: 'Prior art published before',
    none: 'no limit',
    risks: 'Risks',
    noveltyRisk: 'Novelty risk',
    inventivenessRisk: 'Inventiveness risk',
    levels: {
      high: 'high',
      medium: 'medium',
      low: 'low',
      insufficient: 'too little evidence',
      coarse: 'too coarse',
    } as Record<RiskLevel, string>,
    features: 'Technical features',
    documents: 'Prior art',
    rank: 'No.',
    number: 'Publication',
    docTitle: 'Title',
    date: 'Published',
    disclosed: 'Features disclosed',
    category: 'Category',
    matrix: 'Feature matrix (score; ✓ disclosed)',
    evidence: 'Evidence',
    feature: 'Feature',
    passage: 'Passage',
    notFound: 'no matching passage',
    sections: { title: 'Title', abstract: 'Abstract', claims: 'Claims', description: 'Description' },
    conclusion: 'Conclusion',
    categoriesNote:
      'X: affects novelty alone; Y: affects inventiveness combined with another document; A: general background',
    conclusionX: (docs: string) =>
      `${docs}: X document(s), disclosing every technical feature alone; the novelty of the solution is at risk.`,
    conclusionY: (docs: string) => `${docs}: Y documents; combined they may affect the inventiveness of the solution.`,
    conclusionA:
      'Every listed document is an A document: none discloses all the technical features, alone or combined.',
    disclaimer:
      'Generated automatically from the search results and a text comparison, for reference only; not an examination or legal opinion. The search covers the patents this system holds.',
    score: 'score',
  },
} as const;

const percent = (x: number) => `${Math.round(x * 100)}%`;

/** A text cut into plain and matching pieces by its spans (as the duplicate report cuts its evidence). */
function piecesOf(text: string, spans: readonly Span[]): { text: string; isMatch: boolean }[] {
  const pieces: { text: string; isMatch: boolean }[] = [];
  let at = 0;
  for (const span of spans) {
    const start = Math.max(at, span.start);
    const end = Math.min(text.length, span.end);
    if (end <= start) continue;
    if (start > at) pieces.push({ text: text.slice(at, start), isMatch: false });
    pieces.push({ text: text.slice(start, end), isMatch: true });
    at = end;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), isMatch: false });
  return pieces.map((p) => ({ ...p, text: toParagraphs(p.text).join(' ') })).filter((p) => p.text !== '');
}
const flat = (text: string) => toParagraphs(text).join(' ');

type Piece = { text: string; isMatch: boolean };

interface EvidenceRow {
  label: string;
  feature: Piece[];
  where: string;
  passage: Piece[];
}

interface Block {
  heading: string;
  rows: EvidenceRow[];
}

/** What both formats show, in order. */
function layout(input: EvaluationFileInput) {
  const words = WORDS[input.lang];
  const { result } = input;
  const cellsOf = new Map<string, FeatureMatch[]>();
  for (const cell of result.cells) {
    let list = cellsOf.get(cell.publicationNumber);
    if (!list) cellsOf.set(cell.publicationNumber, (list = []));
    list[cell.feature] = cell;
  }
  const categoryOf = (pn: string) =>
    input.categories[pn] ?? result.documents.find((d) => d.publicationNumber === pn)?.category ?? 'A';
  const summary: [string, string][] = [
    [words.input, input.title],
    [words.kindLabel, words.kind[input.kind]],
    [words.created, input.createdAt.slice(0, 19).replace('T', ' ')],
    [words.priorityDate, input.priorityDate ?? words.none],
  ];
  const n = result.features.length;
  const listed =
    input.report === 'novelty' && input.documents && input.documents.length > 0
      ? result.documents.filter((d) => input.documents!.includes(d.publicationNumber))
      : input.report === 'novelty'
        ? result.documents.filter((d) => result.matrixDocuments.slice(0, 10).includes(d.publicationNumber))
        : result.documents;
  const rows = listed.map((d) => [
    String(d.rank),
    d.publicationNumber,
    flat(d.title ?? ''),
    d.publicationDate ?? '',
    `${d.disclosed}/${n}`,
    categoryOf(d.publicationNumber),
  ]);
  const matrixDocs = result.matrixDocuments.slice(0, FILE_MATRIX_DOCUMENTS);
  const matrix = result.features.map((f) => [
    f.label,
    ...matrixDocs.map((pn) => {
      const cell = cellsOf.get(pn)?.[f.index];
      return cell ? `${percent(cell.score)}${cell.disclosed ? ' ✓' : ''}` : '';
    }),
  ]);
  // Evidence: the documents behind the risks (evaluation), or the listed X/Y documents (novelty report).
  const evidenceDocs =
    input.report === 'novelty'
      ? listed.filter((d) => categoryOf(d.publicationNumber) !== 'A').map((d) => d.publicationNumber)
      : [...new Set([...result.novelty.documents, ...result.inventiveness.documents])];
  const blocks: Block[] = evidenceDocs.map((pn) => {
    const d = result.documents.find((x) => x.publicationNumber === pn);
    return {
      heading: `${pn} ${flat(d?.title ?? '')}（${categoryOf(pn)}）`,
      rows: result.features.map((f) => {
        const cell = cellsOf.get(pn)?.[f.index];
        return {
          label: `${f.label}（${words.score} ${percent(cell?.score ?? 0)}${cell?.disclosed ? ' ✓' : ''}）`,
          feature: piecesOf(f.text, cell?.featureSpans ?? []),
          where: cell?.section ? words.sections[cell.section] : '',
          passage: cell?.passage
            ? piecesOf(cell.passage, cell.passageSpans)
            : [{ text: words.notFound, isMatch: false }],
        };
      }),
    };
  });
  const xs = listed.filter((d) => categoryOf(d.publicationNumber) === 'X').map((d) => d.publicationNumber);
  const ys = listed.filter((d) => categoryOf(d.publicationNumber) === 'Y').map((d) => d.publicationNumber);
  const conclusion = [
    ...(xs.length > 0 ? [words.conclusionX(xs.join(', '))] : []),
    ...(ys.length > 0 ? [words.conclusionY(ys.join(', '))] : []),
    ...(xs.length === 0 && ys.length === 0 ? [words.conclusionA] : []),
  ];
  const risks: [string, string][] = [
    [words.noveltyRisk, `${words.levels[result.novelty.level]} — ${result.novelty.reason[input.lang]}`],
    [
      words.inventivenessRisk,
      `${words.levels[result.inventiveness.level]} — ${result.inventiveness.reason[input.lang]}`,
    ],
  ];
  return { words, summary, risks, rows, matrixDocs, matrix, blocks, conclusion };
}

/** The evaluation or the novelty report as a .docx file. */
export async function evaluationDocx(input: EvaluationFileInput): Promise<Buffer> {
  const { words, summary, risks, rows, matrixDocs, matrix, blocks, conclusion } = layout(input);
  const runsOf = (pieces: Piece[]) =>
    pieces.map((p) => new TextRun(p.isMatch ? { text: p.text, highlight: 'yellow' } : { text: p.text }));
  const cell = (text: string, bold = false, fill?: string) =>
    new TableCell({
      ...(fill ? { shading: { type: ShadingType.CLEAR, color: 'auto', fill } } : {}),
      children: [new Paragraph({ children: [new TextRun({ text, bold })] })],
    });
  const table = (header: string[], body: string[][], fillOf?: (value: string) => string | undefined) =>
    new Table({
      width: { size: 100, type: WidthType.PERCENTAGE },
      borders: {
        top: { style: BorderStyle.SINGLE, size: 4, color: '999999' },
        bottom: { style: BorderStyle.SINGLE, size: 4, color: '999999' },
        left: { style: BorderStyle.SINGLE, size: 4, color: '999999' },
        right: { style: BorderStyle.SINGLE, size: 4, color: '999999' },
        insideHorizontal: { style: BorderStyle.SINGLE, size: 4, color: '999999' },
        insideVertical: { style: BorderStyle.SINGLE, size: 4, color: '999999' },
      },
      rows: [
        new TableRow({ tableHeader: true, children: header.map((h) => cell(h, true)) }),
        ...body.map((row) => new TableRow({ children: row.map((value) => cell(value, false, fillOf?.(value))) })),
      ],
    });
  const heading = (text: string, level: (typeof HeadingLevel)[keyof typeof HeadingLevel] = HeadingLevel.HEADING_1) =>
    new Paragraph({ heading: level, children: [new TextRun(text)] });
  const labelled = (label: string, value: string) =>
    new Paragraph({ children: [new TextRun({ text: `${label}：`, bold: true }), new TextRun(value)] });
  const children: (Paragraph | Table)[] = [
    new Paragraph({
      heading: HeadingLevel.TITLE,
      children: [new TextRun(input.report === 'novelty' ? words.novelty : words.evaluation)],
    }),
    ...summary.map(([label, value]) => labelled(label, value)),
    heading(input.report === 'novelty' ? words.conclusion : words.risks),
  ];
  if (input.report === 'novelty')
    children.push(...conclusion.map((c) => new Paragraph({ children: [new TextRun(c)] })));
  children.push(...risks.map(([label, value]) => labelled(label, value)));
  children.push(heading(words.features));
  for (const f of input.result.features) children.push(labelled(f.label, flat(f.text)));
  children.push(heading(words.documents));
  if (input.report === 'novelty') children.push(new Paragraph({ children: [new TextRun(words.categoriesNote)] }));
  children.push(table([words.rank, words.number, words.docTitle, words.date, words.disclosed, words.category], rows));
  if (matrixDocs.length > 0) {
    children.push(heading(words.matrix));
    children.push(
      table([words.feature, ...matrixDocs], matrix, (value) =>
        value.endsWith('✓') ? 'F4B6B6' : /^\d/.test(value) && Number.parseInt(value, 10) >= 35 ? 'FBE3B0' : undefined,
      ),
    );
  }
  if (blocks.length > 0) children.push(heading(words.evidence));
  for (const block of blocks) {
    children.push(heading(block.heading, HeadingLevel.HEADING_2));
    for (const row of block.rows) {
      children.push(
        new Paragraph({
          spacing: { before: 120 },
          children: [new TextRun({ text: `${row.label}：`, bold: true }), ...runsOf(row.feature)],
        }),
        new Paragraph({
          spacing: { after: 120 },
          children: [
            new TextRun({ text: `${row.where ? `${words.passage}（${row.where}）` : words.passage}：`, bold: true }),
            ...runsOf(row.passage),
          ],
        }),
      );
    }
  }
  children.push(
    new Paragraph({ spacing: { before: 240 }, children: [new TextRun({ text: words.disclaimer, italics: true })] }),
  );
  const title = input.report === 'novelty' ? words.novelty : words.evaluation;
  return docxBuffer(newDocxDocument({ title, sections: [{ children }] }));
}

const MATCH_COLOUR = '#c0392b';

/** The evaluation or the novelty report as a .pdf file, drawn with the Noto Sans CJK collections. */
export async function evaluationPdf(input: EvaluationFileInput, fontDir = NOTO_CJK_DIR): Promise<Buffer> {
  const { words, summary, risks, rows, matrixDocs, matrix, blocks, conclusion } = layout(input);
  const heading = input.report === 'novelty' ? words.novelty : words.evaluation;
  const doc = newPdfDocument({ title: heading, margin: 56 }, fontDir);
  const runs = (label: string, pieces: Piece[]) => {
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
  const section = (text: string) => doc.moveDown(0.6).font('bold').fontSize(14).text(text).fontSize(10);
  doc.font('bold').fontSize(18).text(heading);
  doc.moveDown(0.5).fontSize(10);
  for (const [label, value] of summary) runs(`${label}：`, [{ text: value, isMatch: false }]);
  section(input.report === 'novelty' ? words.conclusion : words.risks);
  if (input.report === 'novelty') for (const c of conclusion) doc.font('regular').text(c);
  for (const [label, value] of risks) runs(`${label}：`, [{ text: value, isMatch: false }]);
  section(words.features);
  for (const f of input.result.features) runs(`${f.label}：`, [{ text: flat(f.text), isMatch: false }]);
  section(words.documents);
  if (input.report === 'novelty') doc.font('regular').text(words.categoriesNote);
  for (const row of rows) {
    doc.font('regular').text(`${row[0]}. ${row[1]} [${row[5]}] ${row[4]}  ${row[3]}  ${row[2]}`);
  }
  if (matrixDocs.length > 0) {
    section(words.matrix);
    matrixDocs.forEach((pn, i) => {
      doc.font('bold').text(`${pn}：`, { continued: true });
      doc.font('regular').text(matrix.map((row) => `${row[0]} ${row[i + 1]}`).join('   '));
    });
  }
  if (blocks.length > 0) section(words.evidence);
  for (const block of blocks) {
    doc.moveDown(0.4).font('bold').fontSize(12).text(block.heading).fontSize(10);
    for (const row of block.rows) {
      doc.moveDown(0.3);
      runs(`${row.label}：`, row.feature);
      runs(`${row.where ? `${words.passage}（${row.where}）` : words.passage}：`, row.passage);
    }
  }
  doc.moveDown(1).font('regular').fillColor('#666666').text(words.disclaimer);
  return pdfBuffer(doc);
}
