import {
  CHART_TITLES,
  chartTable,
  countryRegion,
  DIMENSION_LABELS,
  provinceRegion,
  SERIES_LABELS,
  valueLabel,
  type ChartAnswer,
  type ChartModel,
  type ChartTable,
} from '@patlas/charts';
import {
  ANALYSIS_CHART_REQUESTS,
  MIN_RATE_COVERAGE,
  REPORT_KEY_PATENTS,
  REPORT_TOP_PATENTS,
  type AnalysisChartId,
  type AnalysisResult,
  type AnalysisSpec,
  type ClusteringResponse,
  type ImpactResult,
  type Language,
  type ReportSection,
  type SearchHitDto,
  type TermsResult,
  type ThreeRatesResult,
  type TrendResult,
  type LifecycleResult,
  type WordCloudResponse,
} from '@patlas/contracts';

/**
 * The sections of a report: each computed from the same services and requests the analysis page
 * asks (ANALYSIS_CHART_REQUESTS), with the same tables (chartTable) and chart models drawn by the
 * same option builders. Every number of a section's sentence is one of its `figures`, taken from
 * those answers; nothing is estimated.
 */

type Labels = { zh: string; en: string };

/** What a report needs answered about its set (report.service binds the services and the set). */
/** The trend sentence's growth: the last year with patents against the year this many before it. */
const GROWTH_YEARS = 3;

export interface SectionSource {
  analyze(spec: AnalysisSpec): Promise<{ total: number; result: AnalysisResult }>;
  wordCloud(): Promise<WordCloudResponse>;
  clusters(): Promise<ClusteringResponse>;
  /** The set's patents in the result page's order, or by value score. */
  patents(order: 'relevance' | 'value', size: number): Promise<{ total: number; items: SearchHitDto[] }>;
}

export interface SectionChart {
  title: string;
  chartId: string;
  type: 'bar' | 'line' | 'pie' | 'map' | 'scatter';
  model: ChartModel;
}

export interface SectionTable extends ChartTable {
  title?: string;
  /** Per row: the Patlas page the first cell links to. */
  links?: (string | undefined)[];
}

export interface BuiltSection {
  id: ReportSection;
  heading: string;
  sentence: string;
  figures: Record<string, number>;
  charts: SectionChart[];
  tables: SectionTable[];
  /** A remark under the section (e.g. how the terms were drawn). */
  note?: string;
  /** Nothing to show in the set and range: the files write it as one line, not a page. */
  empty?: boolean;
}

export const SECTION_HEADINGS: Record<ReportSection, Labels> = {
  summary: { zh: '概况', en: 'Summary' },
  trend: { zh: '申请与公开趋势', en: 'Application and publication trend' },
  lifecycle: { zh: '技术生命周期', en: 'Technology lifecycle' },
  applicants: { zh: '主要申请人', en: 'Top applicants' },
  inventors: { zh: '主要发明人', en: 'Top inventors' },
  chinaMap: { zh: '中国省市分布', en: 'China provinces' },
  worldMap: { zh: '全球专利分布', en: 'World map' },
  ipc: { zh: 'IPC技术分布', en: 'IPC distribution' },
  legal: { zh: '法律状态与三率', en: 'Legal status and the three rates' },
  citations: { zh: '引用影响力', en: 'Citation impact' },
  terms: { zh: '关键词与技术聚类', en: 'Key terms and clusters' },
  keyPatents: { zh: '重点专利（按价值度）', en: 'Key patents (by value score)' },
  topPatents: { zh: `前${REPORT_TOP_PATENTS}件专利`, en: `Top ${REPORT_TOP_PATENTS} patents` },
};

const WORDS = {
  noData: { zh: '该部分在所选范围内没有数据。', en: 'There is no data for this section in the chosen set and range.' },
  termsNote: {
    zh: '说明：词云需要浏览器画布排版，报告中以关键词排名条形图和表格呈现（按 TF-IDF 权重排序）。',
    en: 'Note: a word cloud needs a browser canvas to lay out; the report shows the terms as a ranked bar chart and table (by TF-IDF weight).',
  },
  rank: { zh: '序号', en: 'No.' },
  pn: { zh: '公开号', en: 'Publication number' },
  title: { zh: '标题', en: 'Title' },
  applicant: { zh: '申请人', en: 'Applicant' },
  applicationDate: { zh: '申请日', en: 'Application date' },
  value: { zh: '价值度', en: 'Value score' },
  citedBy: { zh: '被引次数', en: 'Cited by' },
  clusters: { zh: '技术聚类', en: 'Topic clusters' },
  cluster: { zh: '主题', en: 'Topic' },
  share: { zh: '占比', en: 'Share' },
  /** Issue 43: the key-term table is ranked by TF-IDF weight; its heading says so, beside the patents. */
  termsByWeight: { zh: '关键词（按 TF-IDF 权重排序）', en: 'Key terms (ranked by TF-IDF weight)' },
  tfidf: { zh: 'TF-IDF 权重', en: 'TF-IDF weight' },
  trendTitle: { zh: '申请趋势与公开趋势', en: 'Application and publication trend' },
} satisfies Record<string, Labels>;

/** The link of a patent back to its detail page in Patlas. */
export const patentLink = (publicationNumber: string) =>
  `/innovationSpace/searchDetail?pn=${encodeURIComponent(publicationNumber)}`;

/** A percentage of `part` in `whole`, to one decimal (0 when whole is 0). */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

const fmt = (n: number) => n.toLocaleString('en-US');

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = values[key];
    return value === undefined ? '' : typeof value === 'number' ? fmt(value) : value;
  });
}

const noAction = () => undefined;

/** A single-series model from a terms answer: categories keep their keys (the maps need them). */
function termsModel(terms: TermsResult, lang: Language, ordered = false): ChartModel {
  return {
    categories: terms.buckets.map((b) => ({ key: b.key, label: valueLabel(terms.dimension, b, lang) })),
    series: [{ name: SERIES_LABELS.patents[lang], values: terms.buckets.map((b) => b.count) }],
    categoryTitle: DIMENSION_LABELS[terms.dimension][lang],
    ordered,
    actionOf: noAction,
  };
}

/** The model of a chart table (a header and a row per category). */
function tableModel(table: ChartTable, ordered: boolean): ChartModel {
  return {
    categories: table.rows.map((row) => ({ key: String(row[0]), label: String(row[0]) })),
    series: table.columns.slice(1).map((name, s) => ({
      name,
      values: table.rows.map((row) => Number(row[s + 1] ?? 0)),
    })),
    categoryTitle: table.columns[0] ?? '',
    ordered,
    actionOf: noAction,
  };
}

function expectKind<K extends AnalysisResult['kind']>(result: AnalysisResult, kind: K) {
  if (result.kind !== kind) throw new Error(`expected a ${kind} answer, got ${result.kind}`);
  return result as Extract<AnalysisResult, { kind: K }>;
}

/** The answers of a report, each asked once whatever the sections that share it. */
class Answers {
  private readonly cache = new Map<string, Promise<{ total: number; result: AnalysisResult }>>();
  constructor(readonly source: SectionSource) {}

  chart(id: AnalysisChartId) {
    const request = ANALYSIS_CHART_REQUESTS[id];
    if (request.kind !== 'analyze') throw new Error(`chart ${id} is no aggregation`);
    const key = JSON.stringify(request.analysis);
    let answer = this.cache.get(key);
    if (!answer) {
      answer = this.source.analyze(request.analysis);
      this.cache.set(key, answer);
    }
    return answer;
  }

  async terms(id: AnalysisChartId) {
    const { total, result } = await this.chart(id);
    return { total, terms: expectKind(result, 'terms') };
  }
}

export class ReportSectionBuilder {
  private readonly answers: Answers;

  constructor(
    source: SectionSource,
    private readonly lang: Language,
  ) {
    this.answers = new Answers(source);
  }

  /** The set's total as the analysis counts it (the application trend's total). */
  async total(): Promise<number> {
    return (await this.answers.chart('applicationTrend')).total;
  }

  private section(id: ReportSection, parts: Omit<BuiltSection, 'id' | 'heading'>): BuiltSection {
    return { id, heading: SECTION_HEADINGS[id][this.lang], ...parts };
  }

  private empty(id: ReportSection): BuiltSection {
    return {
      ...this.section(id, { sentence: WORDS.noData[this.lang], figures: {}, charts: [], tables: [] }),
      empty: true,
    };
  }

  private title(id: AnalysisChartId): string {
    return CHART_TITLES[id][this.lang];
  }

  private table(id: AnalysisChartId, answer: ChartAnswer): ChartTable {
    return chartTable(id, answer, this.lang);
  }

  async build(id: ReportSection): Promise<BuiltSection> {
    switch (id) {
      case 'summary':
        return this.summary();
      case 'trend':
        return this.trend();
      case 'lifecycle':
        return this.lifecycle();
      case 'applicants':
        return this.ranking('applicants', 'applicantRank');
      case 'inventors':
        return this.ranking('inventors', 'inventorRank');
      case 'chinaMap':
        return this.map('chinaMap');
      case 'worldMap':
        return this.map('worldMap');
      case 'ipc':
        return this.ipc();
      case 'legal':
        return this.legal();
      case 'citations':
        return this.citations();
      case 'terms':
        return this.terms();
      case 'keyPatents':
        return this.keyPatents();
      case 'topPatents':
        return this.topPatents();
    }
  }

  private async summary(): Promise<BuiltSection> {
    const lang = this.lang;
    const types = await this.answers.terms('patentType');
    const applicants = await this.answers.terms('applicantRank');
    const inventors = await this.answers.terms('inventorRank');
    const legal = await this.answers.terms('legalStatusClass');
    const total = types.total;
    const valid = legal.terms.buckets.find((b) => b.key === 'valid')?.count ?? 0;
    const figures = {
      total,
      applicants: applicants.terms.distinct,
      inventors: inventors.terms.distinct,
      valid,
      validShare: percentOf(valid, total),
    };
    const sentence = fill(
      lang === 'zh'
        ? '本报告分析的专利集合共 {total} 件专利，涉及 {applicants} 个申请人、{inventors} 位发明人；其中有效专利 {valid} 件，占 {validShare}%。'
        : 'The set holds {total} patents from {applicants} applicants and {inventors} inventors; {valid} of them ({validShare}%) are valid.',
      figures,
    );
    return this.section('summary', {
      sentence,
      figures,
      charts: [
        { title: this.title('patentType'), chartId: 'patentType', type: 'pie', model: termsModel(types.terms, lang) },
      ],
      tables: [{ title: this.title('patentType'), ...this.table('patentType', types.terms) }],
    });
  }

  private async trend(): Promise<BuiltSection> {
    const lang = this.lang;
    const application = expectKind((await this.answers.chart('applicationTrend')).result, 'trend');
    const publication = expectKind((await this.answers.chart('publicationTrend')).result, 'trend');
    const years = [...new Set([...application.points, ...publication.points].map((p) => p.key))].sort();
    if (years.length === 0) return this.empty('trend');
    const countIn = (trend: TrendResult, year: string) => trend.points.find((p) => p.key === year)?.count ?? 0;
    const model: ChartModel = {
      categories: years.map((y) => ({ key: y, label: y })),
      series: [
        { name: this.title('applicationTrend'), values: years.map((y) => countIn(application, y)) },
        { name: this.title('publicationTrend'), values: years.map((y) => countIn(publication, y)) },
      ],
      categoryTitle: lang === 'zh' ? '年份' : 'Year',
      ordered: true,
      actionOf: noAction,
    };
    const withPatents = application.points.filter((p) => p.count > 0);
    const first = withPatents[0];
    const last = withPatents[withPatents.length - 1];
    const tables: SectionTable[] = [
      {
        title: WORDS.trendTitle[lang],
        columns: [model.categoryTitle, ...model.series.map((s) => s.name)],
        rows: years.map((y, i) => [y, model.series[0]!.values[i]!, model.series[1]!.values[i]!]),
      },
    ];
    const charts: SectionChart[] = [
      { title: WORDS.trendTitle[lang], chartId: 'applicationTrend', type: 'line', model },
    ];
    if (!first || !last) return this.section('trend', { sentence: WORDS.noData[lang], figures: {}, charts, tables });
    const peak = withPatents.reduce((best, p) => (p.count > best.count ? p : best), first);
    const figures: Record<string, number> = {
      firstYear: Number(first.key),
      firstCount: first.count,
      lastYear: Number(last.key),
      lastCount: last.count,
      peakYear: Number(peak.key),
      peakCount: peak.count,
    };
    let sentence: string;
    if (first === last) {
      sentence = fill(
        lang === 'zh'
          ? '全部 {firstCount} 件申请集中在 {firstYear} 年。'
          : 'All {firstCount} applications were filed in {firstYear}.',
        { ...figures, firstYear: first.key },
      );
    } else {
      // Growth over the recent years (the last year with patents and up to three before it, as
      // analysts quote it), not since the first filing: one 1981 filing would make any trend "+11,100%".
      const from = withPatents.find((p) => Number(p.key) >= Number(last.key) - GROWTH_YEARS) ?? first;
      const start = from === last ? first : from;
      const growth = Math.round(((last.count - start.count) / start.count) * 100);
      figures.fromYear = Number(start.key);
      figures.fromCount = start.count;
      figures.growth = growth;
      figures.change = Math.abs(growth);
      const change =
        lang === 'zh'
          ? growth >= 0
            ? `增长 ${fmt(growth)}%`
            : `下降 ${fmt(-growth)}%`
          : growth >= 0
            ? `grew ${fmt(growth)}%`
            : `fell ${fmt(-growth)}%`;
      const since =
        start === first
          ? ''
          : lang === 'zh'
            ? '最早的申请在 {firstYear} 年；'
            : 'The first application dates from {firstYear}; ';
      sentence = fill(
        since +
          (lang === 'zh'
            ? '申请量从 {fromYear} 年的 {fromCount} 件到 {lastYear} 年的 {lastCount} 件，{change}；申请量最多的是 {peakYear} 年（{peakCount} 件）。'
            : 'applications {change} from {fromYear} to {lastYear} ({fromCount} to {lastCount}); the busiest year was {peakYear} with {peakCount}.'),
        { ...figures, firstYear: first.key, fromYear: start.key, lastYear: last.key, peakYear: peak.key, change },
      );
      if (lang === 'en') sentence = sentence.charAt(0).toUpperCase() + sentence.slice(1);
    }
    return this.section('trend', { sentence, figures, charts, tables });
  }

  private async lifecycle(): Promise<BuiltSection> {
    const lang = this.lang;
    const { result } = await this.answers.chart('lifecycle');
    const lifecycle: LifecycleResult = expectKind(result, 'lifecycle');
    const points = lifecycle.points.filter((p) => p.applications > 0);
    const first = points[0];
    const last = points[points.length - 1];
    if (!first || !last) return this.empty('lifecycle');
    const table = this.table('lifecycle', lifecycle);
    const figures = {
      firstYear: Number(first.year),
      firstApplicants: first.applicants,
      firstApplications: first.applications,
      lastYear: Number(last.year),
      lastApplicants: last.applicants,
      lastApplications: last.applications,
    };
    const sentence = fill(
      lang === 'zh'
        ? '{firstYear} 年有 {firstApplicants} 个申请人提交 {firstApplications} 件申请，{lastYear} 年有 {lastApplicants} 个申请人提交 {lastApplications} 件申请。'
        : 'In {firstYear}, {firstApplicants} applicants filed {firstApplications} applications; in {lastYear}, {lastApplicants} applicants filed {lastApplications}.',
      { ...figures, firstYear: String(first.year), lastYear: String(last.year) },
    );
    return this.section('lifecycle', {
      sentence,
      figures,
      charts: [
        { title: this.title('lifecycle'), chartId: 'lifecycle', type: 'scatter', model: tableModel(table, true) },
      ],
      tables: [table],
    });
  }

  private async ranking(
    id: 'applicants' | 'inventors',
    chart: 'applicantRank' | 'inventorRank',
  ): Promise<BuiltSection> {
    const lang = this.lang;
    const { total, terms } = await this.answers.terms(chart);
    const top = terms.buckets[0];
    if (!top) return this.empty(id);
    const top5 = terms.buckets.slice(0, 5);
    const top5Count = top5.reduce((n, b) => n + b.count, 0);
    const figures = {
      total,
      distinct: terms.distinct,
      topCount: top.count,
      top5Count,
      top5Share: percentOf(top5Count, total),
    };
    const name = valueLabel(terms.dimension, top, lang);
    const who = id === 'applicants' ? { zh: '申请人', en: 'applicants' } : { zh: '发明人', en: 'inventors' };
    const sentence = fill(
      lang === 'zh'
        ? '共有 {distinct} 个{who}；排名第一的是{name}（{topCount} 件），前 {n} 位{who}共有 {top5Count} 件专利，占全部 {total} 件的 {top5Share}%。'
        : 'There are {distinct} {who}; the first is {name} with {topCount} patents, and the top {n} {who} hold {top5Count} patents, {top5Share}% of all {total}.',
      { ...figures, name, who: who[lang], n: top5.length },
    );
    return this.section(id, {
      sentence,
      figures: { ...figures, topN: top5.length },
      charts: [{ title: this.title(chart), chartId: chart, type: 'bar', model: termsModel(terms, lang) }],
      tables: [this.table(chart, terms)],
    });
  }

  private async map(id: 'chinaMap' | 'worldMap'): Promise<BuiltSection> {
    const lang = this.lang;
    const { total, terms } = await this.answers.terms(id);
    const top = terms.buckets[0];
    if (!top) return this.empty(id);
    const model: ChartModel = {
      ...termsModel(terms, lang),
      map:
        id === 'chinaMap'
          ? { name: 'china', regionOf: (c) => provinceRegion(c.key) }
          : { name: 'world', regionOf: (c) => countryRegion(c.key) },
    };
    const figures = {
      total,
      covered: terms.covered,
      regions: terms.distinct,
      topCount: top.count,
      topShare: percentOf(top.count, terms.covered),
    };
    const name = valueLabel(terms.dimension, top, lang);
    const sentence = fill(
      id === 'chinaMap'
        ? lang === 'zh'
          ? '{covered} 件专利的申请人位于中国 {regions} 个省级行政区，其中{name}最多（{topCount} 件，占 {topShare}%）。'
          : 'Applicants of {covered} patents are in {regions} provinces of China; {name} leads with {topCount} ({topShare}%).'
        : lang === 'zh'
          ? '专利来自 {regions} 个国家/地区或组织，其中{name}最多（{topCount} 件，占 {topShare}%）。'
          : 'The patents come from {regions} offices; {name} leads with {topCount} ({topShare}%).',
      { ...figures, name },
    );
    // The table: the ten largest (the map shows them all).
    const table = this.table(id, terms);
    return this.section(id, {
      sentence,
      figures,
      charts: [{ title: this.title(id), chartId: id, type: 'map', model }],
      tables: [{ ...table, rows: table.rows.slice(0, 20) }],
    });
  }

  private async ipc(): Promise<BuiltSection> {
    const lang = this.lang;
    const sections = await this.answers.terms('ipcSectionRank');
    const subclasses = await this.answers.terms('ipcSubclassRank');
    const topSection = sections.terms.buckets[0];
    const topSubclass = subclasses.terms.buckets[0];
    if (!topSection || !topSubclass) return this.empty('ipc');
    const figures = {
      total: sections.total,
      sectionCount: topSection.count,
      sectionShare: percentOf(topSection.count, sections.total),
      subclassCount: topSubclass.count,
      subclasses: subclasses.terms.distinct,
    };
    const sentence = fill(
      lang === 'zh'
        ? '专利最多的IPC部是 {section}（{sectionCount} 件，占 {sectionShare}%）；共涉及 {subclasses} 个IPC小类，最多的是 {subclass}（{subclassCount} 件）。'
        : 'The largest IPC section is {section} ({sectionCount} patents, {sectionShare}%); the set spans {subclasses} IPC subclasses, led by {subclass} ({subclassCount}).',
      {
        ...figures,
        section: valueLabel('ipcSection', topSection, lang),
        subclass: valueLabel('ipcSubclass', topSubclass, lang),
      },
    );
    return this.section('ipc', {
      sentence,
      figures,
      charts: [
        {
          title: this.title('ipcSectionRank'),
          chartId: 'ipcSectionRank',
          type: 'pie',
          model: termsModel(sections.terms, lang),
        },
        {
          title: this.title('ipcSubclassRank'),
          chartId: 'ipcSubclassRank',
          type: 'bar',
          model: termsModel(subclasses.terms, lang),
        },
      ],
      tables: [
        { title: this.title('ipcSectionRank'), ...this.table('ipcSectionRank', sections.terms) },
        { title: this.title('ipcSubclassRank'), ...this.table('ipcSubclassRank', subclasses.terms) },
      ],
    });
  }

  private async legal(): Promise<BuiltSection> {
    const lang = this.lang;
    const legal = await this.answers.terms('legalStatusClass');
    const rates = expectKind((await this.answers.chart('threeRates')).result, 'threeRates') as ThreeRatesResult;
    if (legal.terms.buckets.length === 0) return this.empty('legal');
    const valid = legal.terms.buckets.find((b) => b.key === 'valid')?.count ?? 0;
    const figures: Record<string, number> = {
      total: legal.total,
      valid,
      validShare: percentOf(valid, legal.total),
      cnApplications: rates.applications,
    };
    const rateWords: string[] = [];
    const rateNames = {
      grantRate: { zh: '授权率', en: 'grant rate' },
      rejectionRate: { zh: '驳回率', en: 'rejection rate' },
      withdrawalRate: { zh: '撤回率', en: 'withdrawal rate' },
    } as const;
    for (const key of ['grantRate', 'rejectionRate', 'withdrawalRate'] as const) {
      const { rate, coverage } = rates[key];
      // Issue 14: a rate resting on too little of its population is not stated.
      if (rate === null || (coverage !== null && coverage < MIN_RATE_COVERAGE)) continue;
      const value = Math.round(rate * 1000) / 10;
      figures[key] = value;
      rateWords.push(`${rateNames[key][lang]} ${value}%`);
    }
    let sentence = fill(
      lang === 'zh'
        ? '{total} 件专利中有效专利 {valid} 件，占 {validShare}%。'
        : '{valid} of the {total} patents ({validShare}%) are valid.',
      figures,
    );
    if (rateWords.length > 0) {
      sentence += fill(
        lang === 'zh'
          ? '在 {cnApplications} 件中国发明申请中，{rates}。'
          : ' Of {cnApplications} Chinese invention applications: {rates}.',
        { ...figures, rates: rateWords.join(lang === 'zh' ? '，' : ', ') },
      );
    }
    return this.section('legal', {
      sentence,
      figures,
      charts: [
        {
          title: this.title('legalStatusClass'),
          chartId: 'legalStatusClass',
          type: 'pie',
          model: termsModel(legal.terms, lang),
        },
      ],
      tables: [
        { title: this.title('legalStatusClass'), ...this.table('legalStatusClass', legal.terms) },
        { title: this.title('threeRates'), ...this.table('threeRates', rates) },
      ],
    });
  }

  private async citations(): Promise<BuiltSection> {
    const lang = this.lang;
    const impact = expectKind((await this.answers.chart('citedByDistribution')).result, 'impact') as ImpactResult;
    const top = impact.topPatents[0];
    const bins = this.table('citedByDistribution', impact);
    const figures: Record<string, number> = {
      patents: impact.patents,
      citedPatents: impact.citedPatents,
      citedShare: percentOf(impact.citedPatents, impact.patents),
      citations: impact.citations,
    };
    let sentence = fill(
      lang === 'zh'
        ? '{patents} 件专利中有 {citedPatents} 件被引用过（占 {citedShare}%），共被引用 {citations} 次。'
        : '{citedPatents} of {patents} patents ({citedShare}%) have been cited, {citations} times in all.',
      figures,
    );
    const tables: SectionTable[] = [{ title: this.title('citedByDistribution'), ...bins }];
    if (top && top.citedBy > 0) {
      figures.topCitedBy = top.citedBy;
      sentence += fill(
        lang === 'zh' ? '被引最多的是 {pn}（{topCitedBy} 次）。' : ' The most cited is {pn} ({topCitedBy} times).',
        { ...figures, pn: top.publicationNumber },
      );
      const most = this.table('mostCitedPatents', impact);
      tables.push({
        title: this.title('mostCitedPatents'),
        ...most,
        links: impact.topPatents.map((p) => patentLink(p.publicationNumber)),
      });
    }
    return this.section('citations', {
      sentence,
      figures,
      charts: [
        {
          title: this.title('citedByDistribution'),
          chartId: 'citedByDistribution',
          type: 'bar',
          model: tableModel(bins, true),
        },
      ],
      tables,
    });
  }

  private async terms(): Promise<BuiltSection> {
    const lang = this.lang;
    const cloud = await this.answers.source.wordCloud();
    const clusters = await this.answers.source.clusters();
    const words = cloud.words.slice(0, 30);
    if (words.length === 0) return this.empty('terms');
    const model: ChartModel = {
      categories: words.map((w) => ({ key: w.word, label: w.word })),
      series: [{ name: SERIES_LABELS.patents[lang], values: words.map((w) => w.count) }],
      categoryTitle: WORDS.termsByWeight[lang],
      // Ranked by TF-IDF weight as the word cloud sizes them; bars give their patents.
      ordered: false,
      actionOf: noAction,
    };
    const top = words.slice(0, 5);
    const figures: Record<string, number> = {
      total: cloud.total,
      clusters: clusters.clusters.length,
    };
    top.forEach((w, i) => (figures[`term${i + 1}Count`] = w.count));
    const sentence = fill(
      lang === 'zh'
        ? '最具代表性的关键词是{terms}；文本聚类把专利分成 {clusters} 个技术主题。'
        : 'The most distinctive terms are {terms}; text clustering groups the patents into {clusters} topics.',
      {
        ...figures,
        terms: top
          .map((w) => `${lang === 'zh' ? '“' : '"'}${w.word}${lang === 'zh' ? '”' : '"'} (${fmt(w.count)})`)
          .join(lang === 'zh' ? '、' : ', '),
      },
    );
    return this.section('terms', {
      sentence,
      figures,
      note: WORDS.termsNote[lang],
      charts: [{ title: this.title('wordCloud'), chartId: 'wordCloud', type: 'bar', model }],
      tables: [
        {
          // Issue 43: headed by what orders it (TF-IDF), with the patents beside it.
          title: `${this.title('wordCloud')} · ${WORDS.termsByWeight[lang]}`,
          columns: [SERIES_LABELS.word[lang], `${WORDS.tfidf[lang]} ↓`, SERIES_LABELS.patents[lang]],
          rows: words.map((w) => [w.word, w.weight, w.count]),
        },
        {
          title: WORDS.clusters[lang],
          columns: [WORDS.cluster[lang], SERIES_LABELS.patents[lang], WORDS.share[lang]],
          rows: clusters.clusters.map((c) => [c.label, c.size, `${(c.share * 100).toFixed(1)}%`]),
        },
      ],
    });
  }

  private patentTable(items: SearchHitDto[], withValue: boolean): SectionTable {
    const lang = this.lang;
    return {
      columns: [
        WORDS.rank[lang],
        WORDS.pn[lang],
        WORDS.title[lang],
        WORDS.applicant[lang],
        WORDS.applicationDate[lang],
        ...(withValue ? [WORDS.value[lang]] : []),
      ],
      rows: items.map((p, i) => [
        i + 1,
        p.publicationNumber,
        p.title ?? '',
        p.applicants.slice(0, 2).join('; '),
        p.applicationDate ?? '',
        ...(withValue ? [p.valueScore ?? '—'] : []),
      ]),
      links: items.map((p) => patentLink(p.publicationNumber)),
    };
  }

  private async keyPatents(): Promise<BuiltSection> {
    const lang = this.lang;
    const { items } = await this.answers.source.patents('value', REPORT_KEY_PATENTS);
    const scored = items.filter((p) => p.valueScore !== undefined);
    const top = scored[0];
    if (!top) return this.empty('keyPatents');
    const figures = { listed: scored.length, topValue: top.valueScore! };
    const sentence = fill(
      lang === 'zh'
        ? '按专利价值度排序的前 {listed} 件专利如下，价值度最高的是 {pn}（{topValue} 分）。'
        : 'The {listed} patents with the highest value scores follow; the highest is {pn} ({topValue}).',
      { ...figures, pn: top.publicationNumber },
    );
    return this.section('keyPatents', { sentence, figures, charts: [], tables: [this.patentTable(scored, true)] });
  }

  private async topPatents(): Promise<BuiltSection> {
    const lang = this.lang;
    const { total, items } = await this.answers.source.patents('relevance', REPORT_TOP_PATENTS);
    if (items.length === 0) return this.empty('topPatents');
    const figures = { listed: items.length, total };
    const sentence = fill(
      lang === 'zh'
        ? '以下是集合中排序靠前的 {listed} 件专利（共 {total} 件），公开号链接到 Patlas 的专利详情。'
        : 'The first {listed} of the {total} patents in the set follow; each number links to its detail page in Patlas.',
      figures,
    );
    return this.section('topPatents', { sentence, figures, charts: [], tables: [this.patentTable(items, true)] });
  }
}
