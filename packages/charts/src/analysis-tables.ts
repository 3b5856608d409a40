import {
  EFFECT_CATEGORY_LABELS,
  legalStatusLabel,
  MIN_RATE_COVERAGE,
  type AnalysisBucket,
  type AnalysisChartId,
  type AnalysisDimension,
  type AnalysisResult,
  type ClusteringResponse,
  type Language,
  type LandscapeResponse,
  type WordCloudResponse,
} from '@patlas/contracts';

type Labels = { zh: string; en: string };

/**
 * The data tables of the analysis dashboard's charts, written on the server for the analysis
 * export: the same rows and columns as the chart's table on the analysis page (the web app's
 * catalogue models and tableRows), headers in the user's language. The words match the web app's
 * `analysis` namespace (analysis-tables.test.ts compares them).
 */

/** A chart's answer: an aggregation as it comes, a text-mining answer tagged. */
export type ChartAnswer =
  | AnalysisResult
  | { kind: 'wordCloud'; response: WordCloudResponse }
  | { kind: 'clustering'; response: ClusteringResponse }
  | { kind: 'landscape'; response: LandscapeResponse };

/** A header row and a row per category: the first column names the category, the others are counts. */
export interface ChartTable {
  columns: string[];
  rows: (string | number)[][];
  /** Headline figures above the chart (the three rates), as label and value. */
  figures?: { label: string; value: string }[];
}

export const CHART_TITLES: Record<AnalysisChartId, Labels> = {
  applicationTrend: { zh: '申请趋势', en: 'Application trend' },
  publicationTrend: { zh: '公开趋势', en: 'Publication trend' },
  trendByCountry: { zh: '各国家/地区申请趋势', en: 'Trend by country/region' },
  trendByType: { zh: '各专利类型申请趋势', en: 'Trend by patent type' },
  lifecycle: { zh: '技术生命周期', en: 'Technology lifecycle' },
  countryRank: { zh: '国家/地区排名', en: 'Country/region ranking' },
  worldMap: { zh: '全球专利分布', en: 'World map' },
  chinaMap: { zh: '中国省市分布', en: 'China provinces' },
  cityRank: { zh: '申请人城市排名', en: 'Applicant city ranking' },
  applicantRank: { zh: '申请人排名', en: 'Applicant ranking' },
  currentAssigneeRank: { zh: '当前权利人排名', en: 'Current assignee ranking' },
  applicantYear: { zh: '申请人申请趋势', en: 'Applicants by year' },
  applicantIpc: { zh: '申请人技术构成', en: 'Applicants by IPC' },
  agencyRank: { zh: '代理机构排名', en: 'Agency ranking' },
  inventorRank: { zh: '发明人排名', en: 'Inventor ranking' },
  inventorYear: { zh: '发明人申请趋势', en: 'Inventors by year' },
  ipcSectionRank: { zh: 'IPC部排名', en: 'IPC section ranking' },
  ipcClassRank: { zh: 'IPC大类排名', en: 'IPC class ranking' },
  ipcSubclassRank: { zh: 'IPC小类排名', en: 'IPC subclass ranking' },
  ipcGroupRank: { zh: 'IPC大组排名', en: 'IPC main group ranking' },
  techEffect: { zh: '技术功效矩阵', en: 'Technology–effect matrix' },
  cpcSubclassRank: { zh: 'CPC小类排名', en: 'CPC subclass ranking' },
  ipcTrend: { zh: '技术分类申请趋势', en: 'Technology trend' },
  wordCloud: { zh: '词云', en: 'Word cloud' },
  clustering: { zh: '技术聚类', en: 'Topic clustering' },
  landscape: { zh: '专利地图（技术全景）', en: 'Patent landscape' },
  legalStatus: { zh: '法律状态', en: 'Legal status' },
  legalStatusClass: { zh: '有效性', en: 'Validity' },
  patentType: { zh: '专利类型', en: 'Patent type' },
  expiry: { zh: '专利到期年份', en: 'Expiry by year' },
  threeRates: { zh: '中国发明三率', en: 'China invention three rates' },
  validByType: { zh: '有效专利类型', en: 'Valid patents by type' },
  validByYear: { zh: '有效专利申请年', en: 'Valid patents by application year' },
  citedByDistribution: { zh: '被引用次数分布', en: 'Cited-by distribution' },
  valueDistribution: { zh: '专利价值度分布', en: 'Patent value distribution' },
  mostCitedPatents: { zh: '高被引专利', en: 'Most-cited patents' },
  mostCitedApplicants: { zh: '高被引申请人', en: 'Most-cited applicants' },
};

export const DIMENSION_LABELS: Record<AnalysisDimension, Labels> = {
  applicationYear: { zh: '申请年', en: 'Application year' },
  publicationYear: { zh: '公开年', en: 'Publication year' },
  grantYear: { zh: '授权年', en: 'Grant year' },
  expiryYear: { zh: '到期年', en: 'Expiry year' },
  applicant: { zh: '申请人', en: 'Applicant' },
  currentAssignee: { zh: '当前权利人', en: 'Current assignee' },
  inventor: { zh: '发明人', en: 'Inventor' },
  agency: { zh: '代理机构', en: 'Agency' },
  agent: { zh: '代理人', en: 'Agent' },
  ipcSection: { zh: 'IPC部', en: 'IPC section' },
  ipcClass: { zh: 'IPC大类', en: 'IPC class' },
  ipcSubclass: { zh: 'IPC小类', en: 'IPC subclass' },
  ipcGroup: { zh: 'IPC大组', en: 'IPC main group' },
  cpcSubclass: { zh: 'CPC小类', en: 'CPC subclass' },
  cpcGroup: { zh: 'CPC大组', en: 'CPC main group' },
  country: { zh: '国家/地区', en: 'Country/region' },
  applicantCountry: { zh: '申请人国家', en: 'Applicant country' },
  applicantProvince: { zh: '申请人省份', en: 'Applicant province' },
  applicantCity: { zh: '申请人城市', en: 'Applicant city' },
  applicantStandard: { zh: '标准化申请人', en: 'Standardised applicant' },
  legalStatus: { zh: '法律状态', en: 'Legal status' },
  legalStatusClass: { zh: '有效性', en: 'Validity' },
  patentType: { zh: '专利类型', en: 'Patent type' },
  grantStatus: { zh: '授权情况', en: 'Grant status' },
  valueBand: { zh: '价值度区间', en: 'Value score band' },
  effect: { zh: '功效', en: 'Effect' },
};

export const SERIES_LABELS = {
  patents: { zh: '专利数量', en: 'Patents' },
  applications: { zh: '申请量', en: 'Applications' },
  applicants: { zh: '申请人数量', en: 'Applicants' },
  validPatents: { zh: '有效专利数量', en: 'Valid patents' },
  citedBy: { zh: '被引用次数', en: 'Cited by' },
  patent: { zh: '专利', en: 'Patent' },
  word: { zh: '关键词', en: 'Term' },
  topic: { zh: '主题', en: 'Topic' },
  peak: { zh: '山峰（主题）', en: 'Peak (topic)' },
} satisfies Record<string, Labels>;

const VALUE_LABELS: Partial<Record<AnalysisDimension, Record<string, Labels>>> = {
  legalStatusClass: {
    valid: { zh: '有效', en: 'Valid' },
    pending: { zh: '审中', en: 'Pending' },
    rejected: { zh: '驳回', en: 'Rejected' },
    withdrawn: { zh: '撤回', en: 'Withdrawn' },
    lapsed: { zh: '失效', en: 'Lapsed' },
  },
  grantStatus: { granted: { zh: '已授权', en: 'Granted' }, not_granted: { zh: '未授权', en: 'Not granted' } },
  effect: EFFECT_CATEGORY_LABELS,
  patentType: {
    invention_application: { zh: '发明申请', en: 'Invention application' },
    invention_grant: { zh: '发明授权', en: 'Invention grant' },
    utility_model: { zh: '实用新型', en: 'Utility model' },
    design: { zh: '外观设计', en: 'Design' },
    other: { zh: '其他', en: 'Other' },
  },
};

const THREE_RATE_FIGURES = ['applications', 'granted', 'rejected', 'withdrawn', 'lapsed', 'pending', 'valid'] as const;
const THREE_RATE_LABELS: Record<string, Labels> = {
  figure: { zh: '指标', en: 'Figure' },
  applications: { zh: '发明申请', en: 'Invention applications' },
  granted: { zh: '授权', en: 'Granted' },
  rejected: { zh: '驳回', en: 'Rejected' },
  withdrawn: { zh: '撤回', en: 'Withdrawn' },
  lapsed: { zh: '其他失效', en: 'Otherwise lapsed' },
  pending: { zh: '审中', en: 'Pending' },
  valid: { zh: '有效', en: 'Valid' },
  grantRate: { zh: '授权率', en: 'Grant rate' },
  rejectionRate: { zh: '驳回率', en: 'Rejection rate' },
  withdrawalRate: { zh: '撤回率', en: 'Withdrawal rate' },
  validityRate: { zh: '有效率', en: 'Validity rate' },
};

/** Offices that are no region (Intl has no name for them). */
const OFFICE_NAMES: Record<string, Labels> = {
  EP: { zh: '欧洲专利局', en: 'European Patent Office' },
  WO: { zh: '世界知识产权组织', en: 'WIPO' },
};

const regionNames = {
  zh: new Intl.DisplayNames(['zh-CN'], { type: 'region' }),
  en: new Intl.DisplayNames(['en'], { type: 'region' }),
};

/** An office or country code with its name, as the result page shows it ("CN 中国"). */
function countryLabel(code: string, lang: Language): string {
  const special = OFFICE_NAMES[code]?.[lang];
  if (special) return `${code} ${special}`;
  if (!/^[A-Z]{2}$/.test(code)) return code;
  let name: string | undefined;
  try {
    name = regionNames[lang].of(code);
  } catch {
    name = undefined;
  }
  return name && name !== code ? `${code} ${name}` : code;
}

/** A bucket's readable value in `lang`: named codes, legal status wording in `lang`, else the bucket's label or key. */
export function valueLabel(dimension: AnalysisDimension, bucket: AnalysisBucket, lang: Language): string {
  if (dimension === 'country' || dimension === 'applicantCountry') return countryLabel(bucket.key, lang);
  if (dimension === 'legalStatus') return legalStatusLabel(bucket.label ?? bucket.key, lang);
  return VALUE_LABELS[dimension]?.[bucket.key]?.[lang] ?? bucket.label ?? bucket.key;
}

const percent = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)}%`);

function expect<K extends ChartAnswer['kind']>(answer: ChartAnswer, kind: K): Extract<ChartAnswer, { kind: K }> {
  if (answer.kind !== kind) throw new Error(`expected a ${kind} answer, got ${answer.kind}`);
  return answer as Extract<ChartAnswer, { kind: K }>;
}

/** One series over categories, as most charts are. */
function single(title: string, series: string, rows: readonly { label: string; count: number }[]): ChartTable {
  return { columns: [title, series], rows: rows.map((r) => [r.label, r.count]) };
}

/** The table of chart `id` from its answer, in `lang`: what the analysis page's table shows. */
export function chartTable(id: AnalysisChartId, answer: ChartAnswer, lang: Language): ChartTable {
  const dim = (d: AnalysisDimension) => DIMENSION_LABELS[d][lang];
  const series = (key: keyof typeof SERIES_LABELS) => SERIES_LABELS[key][lang];
  switch (answer.kind) {
    case 'terms':
      return single(
        dim(answer.dimension),
        series('patents'),
        answer.buckets.map((b) => ({ label: valueLabel(answer.dimension, b, lang), count: b.count })),
      );
    case 'trend': {
      const years = answer.points;
      const title = dim(answer.date);
      if (!answer.split)
        return single(
          title,
          series('patents'),
          years.map((p) => ({ label: p.label ?? p.key, count: p.count })),
        );
      const { dimension, series: groups } = answer.split;
      return {
        columns: [title, ...groups.map((s) => valueLabel(dimension, s, lang))],
        rows: years.map((y) => [
          y.label ?? y.key,
          ...groups.map((s) => s.points.find((p) => p.key === y.key)?.count ?? 0),
        ]),
      };
    }
    case 'matrix': {
      // Groups are the series, the first object's values the categories (years in time order).
      const object = answer.objects[0];
      const objectDimension = object?.dimension ?? answer.groupDimension;
      const order = (object?.columns ?? []).map((column, index) => ({ column, index }));
      if (['applicationYear', 'publicationYear', 'grantYear', 'expiryYear'].includes(objectDimension)) {
        order.sort((a, b) => a.column.key.localeCompare(b.column.key));
      }
      return {
        columns: [dim(objectDimension), ...answer.groups.map((g) => valueLabel(answer.groupDimension, g, lang))],
        rows: order.map(({ column, index }) => [
          valueLabel(objectDimension, column, lang),
          ...answer.groups.map((_g, g) => object?.cells[g]?.[index] ?? 0),
        ]),
      };
    }
    case 'lifecycle':
      return {
        columns: [dim(answer.date), series('applications'), series('applicants')],
        rows: answer.points.map((p) => [p.year, p.applications, p.applicants]),
      };
    case 'expiry':
      return single(
        dim('expiryYear'),
        series('patents'),
        answer.points.map((p) => ({ label: p.label ?? p.key, count: p.count })),
      );
    case 'threeRates': {
      const rates = answer;
      return {
        columns: [THREE_RATE_LABELS.figure![lang], series('patents')],
        rows: THREE_RATE_FIGURES.map((key) => [THREE_RATE_LABELS[key]![lang], rates[key]]),
        figures: (['grantRate', 'rejectionRate', 'withdrawalRate', 'validityRate'] as const).map((key) => {
          const { rate, coverage } = rates[key];
          // Issue 14: a rate resting on too little of its population is not a figure of the set.
          const isWeak = coverage !== null && coverage < MIN_RATE_COVERAGE;
          return { label: THREE_RATE_LABELS[key]![lang], value: percent(isWeak ? null : rate) };
        }),
      };
    }
    case 'validPatents':
      if (id === 'validByYear') {
        return single(
          dim('applicationYear'),
          series('validPatents'),
          answer.byApplicationYear.map((b) => ({ label: b.label ?? b.key, count: b.count })),
        );
      }
      return single(
        dim('patentType'),
        series('validPatents'),
        answer.byType.map((b) => ({ label: valueLabel('patentType', b, lang), count: b.count })),
      );
    case 'impact':
      if (id === 'mostCitedPatents') {
        return single(
          series('patent'),
          series('citedBy'),
          answer.topPatents.map((p) => ({
            label: p.title ? `${p.publicationNumber} ${p.title}` : p.publicationNumber,
            count: p.citedBy,
          })),
        );
      }
      if (id === 'mostCitedApplicants') {
        return {
          columns: [dim('applicant'), series('citedBy'), series('patents')],
          rows: answer.topApplicants.map((a) => [valueLabel('applicant', a, lang), a.citedBy, a.count]),
        };
      }
      return single(
        lang === 'zh' ? '被引用次数' : 'Times cited',
        series('patents'),
        answer.bins.map((bin) => ({ label: binLabel(bin.from, bin.to, lang), count: bin.count })),
      );
    case 'wordCloud':
      return single(
        series('word'),
        series('patents'),
        expect(answer, 'wordCloud').response.words.map((w) => ({ label: w.word, count: w.count })),
      );
    case 'clustering':
      return single(
        series('topic'),
        series('patents'),
        answer.response.clusters.map((c) => ({ label: c.label, count: c.size })),
      );
    case 'landscape':
      return single(
        series('peak'),
        series('patents'),
        answer.response.peaks.map((p) => ({ label: p.label, count: p.count })),
      );
  }
}

function binLabel(from: number, to: number | undefined, lang: Language): string {
  if (to === undefined) return lang === 'zh' ? `${from} 次及以上` : `${from}× or more`;
  if (from === to) return lang === 'zh' ? `${from} 次` : `${from}×`;
  return lang === 'zh' ? `${from}–${to} 次` : `${from}–${to}×`;
}
