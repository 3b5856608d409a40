import {
  AlignmentType,
  HeadingLevel,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type FileChild,
} from 'docx';
import ExcelJS from 'exceljs';
import type {
  Language,
  Patent,
  PatentValue,
  ValueCohortLevel,
  ValueConfidenceLevel,
  ValueDimensionId,
  ValueIndicatorId,
  ValueReportFormat,
} from '@patlas/contracts';
import { docxBuffer, newDocxDocument } from '../../documents/docx.js';
import { newPdfDocument, pdfBuffer } from '../../documents/pdf.js';

export interface ValueReportFile {
  filename: string;
  contentType: string;
  body: Buffer;
}

export interface ValueReportEntry {
  patent: Patent;
  value: PatentValue;
}

/** The report's words in both languages (the file is written in the caller's language). */
const TEXT = {
  zh: {
    title: '专利价值评估报告',
    generated: '生成时间',
    score: '价值度',
    confidence: (counted: number, total: number, level: ValueConfidenceLevel) =>
      `${counted}/${total} 项指标有数据 — 可信度${{ high: '高', medium: '中', low: '低' }[level]}`,
    confidenceLabel: '可信度',
    dimension: '维度',
    indicator: '指标',
    raw: '原始值',
    percentile: '同组百分位',
    weight: '权重',
    share: '占总分',
    notCounted: '按 50 计',
    unknown: '未知',
    cohort: '对比组',
    cohortSize: '组内专利数',
    number: '公开号',
    titleField: '标题',
    applicants: '申请人',
    method:
      '方法：各指标在对比组（同一 IPC 小类、同一申请年；组内不足 30 件时依次放宽为大类、部、同年、全库）内取百分位，按拟合的权重（value-model.json）加权；技术领域价值水平为固定 0–100 刻度；缺少数据或组内无区分度的指标按中位 50 计。',
    dimensions: { technology: '技术', legal: '法律', market: '市场' },
    indicators: {
      forwardCitations: '被引次数（按年龄归一）',
      backwardCitations: '引用专利数',
      ipcBreadth: 'IPC 小类数',
      claimCount: '权利要求数',
      independentClaims: '独立权利要求数',
      legalStatus: '法律状态',
      remainingTerm: '剩余保护期（年）',
      litigation: '诉讼',
      invalidationSurvived: '经受无效/复审',
      pledge: '质押',
      familySize: '同族规模',
      familyOffices: '同族国家/地区数',
      licences: '许可',
      claimBreadth: '首项独立权利要求字数（越少越宽）',
      citingApplicants: '施引申请人数',
      applicantCount: '申请人数',
      technologyField: '技术领域价值水平',
      transfers: '转让',
      applicantType: '申请人类型',
    },
    levels: {
      subclassYear: 'IPC 小类 + 申请年',
      classYear: 'IPC 大类 + 申请年',
      sectionYear: 'IPC 部 + 申请年',
      year: '申请年',
      all: '全库',
    },
  },
  en: {
    title: 'Patent value report',
    generated: 'Generated',
    score: 'Value score',
    confidence: (counted: number, total: number, level: ValueConfidenceLevel) =>
      `${counted} of ${total} indicators known — ${level} confidence`,
    confidenceLabel: 'Confidence',
    dimension: 'Dimension',
    indicator: 'Indicator',
    raw: 'Raw value',
    percentile: 'Cohort percentile',
    weight: 'Weight',
    share: 'Share of score',
    notCounted: 'taken as 50',
    unknown: 'unknown',
    cohort: 'Cohort',
    cohortSize: 'Patents in cohort',
    number: 'Publication number',
    titleField: 'Title',
    applicants: 'Applicants',
    method:
      'Method: each indicator is a percentile within the cohort (same IPC subclass and application year; widened to class, section, year, whole corpus while under 30 patents), weighted by the fitted weights (value-model.json); the technology field level is a fixed 0–100 scale; an indicator without data, or the same for the whole cohort, counts as 50.',
    dimensions: { technology: 'Technology', legal: 'Legal', market: 'Market' },
    indicators: {
      forwardCitations: 'Forward citations (per year of age)',
      backwardCitations: 'Backward citations',
      ipcBreadth: 'IPC subclasses',
      claimCount: 'Claims',
      independentClaims: 'Independent claims',
      legalStatus: 'Legal status',
      remainingTerm: 'Remaining term (years)',
      litigation: 'Litigation',
      invalidationSurvived: 'Invalidation / reexamination survived',
      pledge: 'Pledges',
      familySize: 'Family size',
      familyOffices: 'Family offices',
      licences: 'Licences',
      claimBreadth: 'First independent claim length (shorter is broader)',
      citingApplicants: 'Distinct citing applicants',
      applicantCount: 'Applicants',
      technologyField: 'Technology field level',
      transfers: 'Transfers',
      applicantType: 'Applicant type',
    },
    levels: {
      subclassYear: 'IPC subclass + year',
      classYear: 'IPC class + year',
      sectionYear: 'IPC section + year',
      year: 'application year',
      all: 'whole corpus',
    },
  },
} satisfies Record<
  Language,
  Record<string, unknown> & {
    dimensions: Record<ValueDimensionId, string>;
    indicators: Record<ValueIndicatorId, string>;
    levels: Record<ValueCohortLevel, string>;
  }
>;

const CONTENT_TYPES: Record<ValueReportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
};

const fmt = (v: number | null | undefined, unknown: string): string =>
  v === null || v === undefined ? unknown : String(v);

/** One patent's report as rows of text: heading, score and dimensions, the indicator table, the cohort. */
function layoutOf(entry: ValueReportEntry, lang: Language) {
  const t = TEXT[lang];
  const { patent, value } = entry;
  const cohortText = `${value.cohort.key} · ${t.levels[value.cohort.level]} · ${t.cohortSize} ${value.cohort.size}`;
  return {
    heading: `${patent.publicationNumber} ${patent.title?.text ?? ''}`.trim(),
    facts: [
      [t.applicants, (patent.applicants ?? []).map((a) => a.name).join('; ') || '—'],
      [t.score, fmt(value.score, t.unknown)],
      // How much of the score the record's own data carries (issue 43 item 8).
      [t.confidenceLabel, t.confidence(value.confidence.counted, value.confidence.total, value.confidence.level)],
      ...value.dimensions.map((d) => [`${t.dimension}: ${t.dimensions[d.id]} (${d.weight})`, fmt(d.score, t.unknown)]),
      [t.cohort, cohortText],
    ] as [string, string][],
    header: [t.dimension, t.indicator, t.raw, t.percentile, t.weight, t.share],
    rows: value.indicators.map((x) => [
      t.dimensions[x.dimension],
      t.indicators[x.id],
      fmt(x.raw, t.unknown),
      fmt(x.percentile, t.unknown),
      String(x.weight),
      x.counted ? `${Math.round(x.share * 1000) / 10}%` : t.notCounted,
    ]),
  };
}

function cell(text: string, bold = false): TableCell {
  return new TableCell({ children: [new Paragraph({ children: [new TextRun({ text, bold })] })] });
}

async function writeDocx(entries: readonly ValueReportEntry[], lang: Language, at: Date): Promise<Buffer> {
  const t = TEXT[lang];
  const children: FileChild[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(t.title)] }),
    new Paragraph({
      children: [new TextRun(`${t.generated}: ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`)],
    }),
  ];
  for (const entry of entries) {
    const l = layoutOf(entry, lang);
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(l.heading)] }));
    children.push(
      new Table({
        width: { size: 100, type: WidthType.PERCENTAGE },
        rows: l.facts.map(([k, v]) => new TableRow({ children: [cell(k, true), cell(v)] })),
      }),
    );
    children.push(new Paragraph({ children: [] }));
    children.push(
      new Table({
        width: { size: 100, type: WidthType.PERCENTAGE },
        rows: [
          new TableRow({ tableHeader: true, children: l.header.map((h) => cell(h, true)) }),
          ...l.rows.map((r) => new TableRow({ children: r.map((v) => cell(v)) })),
        ],
      }),
    );
  }
  children.push(
    new Paragraph({ alignment: AlignmentType.LEFT, children: [new TextRun({ text: t.method, italics: true })] }),
  );
  // Word's own default style, as before the kit (size null).
  return docxBuffer(newDocxDocument({ title: t.title, size: null, sections: [{ children }] }));
}

async function writePdf(entries: readonly ValueReportEntry[], lang: Language, at: Date): Promise<Buffer> {
  const t = TEXT[lang];
  const doc = newPdfDocument({ title: t.title, margin: 50 });
  doc.fontSize(18).text(t.title);
  doc
    .fontSize(9)
    .fillColor('#555555')
    .text(`${t.generated}: ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`);
  const widths = [60, 170, 60, 70, 45, 90];
  entries.forEach((entry, n) => {
    if (n > 0) doc.addPage();
    const l = layoutOf(entry, lang);
    doc.moveDown().fillColor('#000000').fontSize(13).text(l.heading);
    doc.fontSize(10);
    for (const [k, v] of l.facts) doc.text(`${k}: ${v}`);
    doc.moveDown(0.5);
    const row = (values: readonly string[], colour: string) => {
      const y = doc.y;
      let x = doc.page.margins.left;
      let height = 0;
      values.forEach((v, i) => {
        const w = widths[i] ?? 60;
        doc.fillColor(colour).text(v, x, y, { width: w - 4 });
        height = Math.max(height, doc.y - y);
        x += w;
      });
      doc.x = doc.page.margins.left;
      doc.y = y + height + 2;
    };
    doc.fontSize(9);
    row(l.header, '#555555');
    for (const r of l.rows) row(r, '#000000');
  });
  doc.moveDown().fontSize(8).fillColor('#555555').text(t.method, doc.page.margins.left);
  return pdfBuffer(doc);
}

async function writeXlsx(entries: readonly ValueReportEntry[], lang: Language): Promise<Buffer> {
  const t = TEXT[lang];
  const book = new ExcelJS.Workbook();
  book.creator = 'Patlas';
  const sheet = book.addWorksheet(t.title);
  const indicators = entries[0]?.value.indicators.map((x) => x.id) ?? [];
  sheet.columns = [
    { header: t.number, key: 'pn', width: 18 },
    { header: t.titleField, key: 'title', width: 40 },
    { header: t.score, key: 'score', width: 10 },
    ...(['technology', 'legal', 'market'] as const).map((d) => ({ header: t.dimensions[d], key: d, width: 10 })),
    { header: t.cohort, key: 'cohort', width: 16 },
    { header: t.cohortSize, key: 'cohortSize', width: 10 },
    ...indicators.flatMap((id) => [
      { header: `${t.indicators[id]} · ${t.raw}`, key: `${id}.raw`, width: 14 },
      { header: `${t.indicators[id]} · ${t.percentile}`, key: `${id}.p`, width: 14 },
    ]),
  ];
  sheet.getRow(1).font = { bold: true };
  for (const { patent, value } of entries) {
    const dims = Object.fromEntries(value.dimensions.map((d) => [d.id, d.score]));
    sheet.addRow({
      pn: patent.publicationNumber,
      title: patent.title?.text ?? '',
      score: value.score,
      ...dims,
      cohort: value.cohort.key,
      cohortSize: value.cohort.size,
      ...Object.fromEntries(
        value.indicators.flatMap((x) => [
          [`${x.id}.raw`, x.raw],
          [`${x.id}.p`, x.percentile],
        ]),
      ),
    });
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * A value report's bytes: Word or PDF (one section per patent), or a spreadsheet (one row per
 * patent). Plain data in, bytes out: a CPU worker runs it.
 */
export function renderValueReport(
  entries: readonly ValueReportEntry[],
  format: ValueReportFormat,
  lang: Language,
  at: Date,
): Promise<Buffer> {
  return format === 'docx'
    ? writeDocx(entries, lang, at)
    : format === 'pdf'
      ? writePdf(entries, lang, at)
      : writeXlsx(entries, lang);
}

/** The file of a value report's bytes: its name and content type. */
export function valueReportFile(
  entries: readonly ValueReportEntry[],
  format: ValueReportFormat,
  lang: Language,
  body: Buffer,
): ValueReportFile {
  const base = entries.length === 1 ? entries[0]!.patent.publicationNumber : `${entries.length}`;
  const name = lang === 'zh' ? `专利价值报告-${base}` : `patent-value-${base}`;
  return { filename: `${name}.${format}`, contentType: CONTENT_TYPES[format], body };
}
