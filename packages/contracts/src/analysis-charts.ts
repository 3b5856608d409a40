import type { AnalysisSpec } from './analysis.js';

/**
 * The charts of the analysis dashboard (spec 2 §1) and what each asks of the server: an
 * aggregation (/search/analyze) or a text-mining call. The web app's catalogue draws them; the
 * analysis export (/export/depthAnalysisInfo) recomputes their data tables from the same requests,
 * so a chart's file holds exactly the numbers the chart shows.
 */
export type AnalysisChartRequest =
  { kind: 'analyze'; analysis: AnalysisSpec } | { kind: 'wordCloud' } | { kind: 'clustering' } | { kind: 'landscape' };

const analyze = (analysis: AnalysisSpec): AnalysisChartRequest => ({ kind: 'analyze', analysis });
const terms = (dimension: Extract<AnalysisSpec, { kind: 'terms' }>['dimension'], limit: number) =>
  analyze({ kind: 'terms', dimension, limit });
const matrix = (
  rows: Extract<AnalysisSpec, { kind: 'terms' }>['dimension'],
  columns: Extract<AnalysisSpec, { kind: 'terms' }>['dimension'],
) =>
  analyze({
    kind: 'matrix',
    groups: { dimension: rows, limit: 10 },
    objects: [{ dimension: columns, limit: columns === 'applicationYear' ? 30 : 15 }],
  });
const splitTrend = (dimension: Extract<AnalysisSpec, { kind: 'terms' }>['dimension']) =>
  analyze({ kind: 'trend', date: 'applicationYear', split: { dimension, limit: 10 } });
const IMPACT = analyze({ kind: 'impact', limit: 20 });
const VALID = analyze({ kind: 'validPatents' });

/** Every chart of the dashboard by id, in catalogue order. */
export const ANALYSIS_CHART_REQUESTS = {
  applicationTrend: analyze({ kind: 'trend', date: 'applicationYear' }),
  publicationTrend: analyze({ kind: 'trend', date: 'publicationYear' }),
  trendByCountry: splitTrend('country'),
  trendByType: splitTrend('patentType'),
  lifecycle: analyze({ kind: 'lifecycle', date: 'applicationYear' }),
  countryRank: terms('country', 30),
  worldMap: terms('country', 300),
  chinaMap: terms('applicantProvince', 60),
  cityRank: terms('applicantCity', 20),
  applicantRank: terms('applicant', 20),
  currentAssigneeRank: terms('currentAssignee', 20),
  applicantYear: matrix('applicant', 'applicationYear'),
  applicantIpc: matrix('applicant', 'ipcSubclass'),
  agencyRank: terms('agency', 20),
  inventorRank: terms('inventor', 20),
  inventorYear: matrix('inventor', 'applicationYear'),
  ipcSectionRank: terms('ipcSection', 10),
  ipcClassRank: terms('ipcClass', 20),
  ipcSubclassRank: terms('ipcSubclass', 20),
  ipcGroupRank: terms('ipcGroup', 20),
  cpcSubclassRank: terms('cpcSubclass', 20),
  ipcTrend: splitTrend('ipcSubclass'),
  // 技术功效矩阵: technology (IPC main group) × effect terms (docs/problem-means-effect.md).
  techEffect: matrix('ipcGroup', 'effect'),
  wordCloud: { kind: 'wordCloud' },
  clustering: { kind: 'clustering' },
  landscape: { kind: 'landscape' },
  legalStatus: terms('legalStatus', 20),
  legalStatusClass: terms('legalStatusClass', 10),
  patentType: terms('patentType', 10),
  expiry: analyze({ kind: 'expiry' }),
  threeRates: analyze({ kind: 'threeRates' }),
  validByType: VALID,
  validByYear: VALID,
  citedByDistribution: IMPACT,
  valueDistribution: terms('valueBand', 10),
  mostCitedPatents: IMPACT,
  mostCitedApplicants: IMPACT,
} as const satisfies Record<string, AnalysisChartRequest>;

export type AnalysisChartId = keyof typeof ANALYSIS_CHART_REQUESTS;
export const ANALYSIS_CHART_IDS = Object.keys(ANALYSIS_CHART_REQUESTS) as AnalysisChartId[];

export function isAnalysisChartId(id: string): id is AnalysisChartId {
  return Object.prototype.hasOwnProperty.call(ANALYSIS_CHART_REQUESTS, id);
}
