import { ANALYSIS_CHART_REQUESTS, MIN_RATE_COVERAGE } from '@patlas/contracts';
import type {
  AnalysisChartId,
  AnalysisChartRequest,
  ApplicantGroupAnalysisResponse,
  ClusteringResponse,
  LandscapeResponse,
  WordCloudResponse,
  AnalysisBucket,
  AnalysisDimension,
  AnalysisResult,
  ImpactResult,
  LifecycleResult,
  MatrixResult,
  TermsResult,
  ThreeRatesResult,
  TrendResult,
  ValidPatentsResult,
} from '@patlas/contracts';
import type { ChartCategory, ChartModel, ViewType } from './chart-model';
import { TEXT_JUMP_PATHS } from './api';
import { countryRegion, provinceRegion } from '@patlas/charts';

/** Catalogue groups, in incoPat's and PatSnap's order. */
export const CHART_GROUPS = ['trend', 'region', 'applicant', 'inventor', 'technology', 'legal', 'value'] as const;
export type ChartGroup = (typeof CHART_GROUPS)[number];

/**
 * What a chart asks of the server: an aggregation (/search/analyze), a text-mining call, or the
 * user's applicant groups (/search/analy/applicantGroup: per user, so not a chart of the analysis
 * export or the reports, which take ANALYSIS_CHART_REQUESTS).
 */
export type ChartRequest = AnalysisChartRequest | { kind: 'applicantGroups' };

/** A server answer in one shape: aggregations as they come, text-mining answers tagged. */
export type ChartResult =
  | AnalysisResult
  | { kind: 'wordCloud'; response: WordCloudResponse }
  | { kind: 'clustering'; response: ClusteringResponse }
  | { kind: 'landscape'; response: LandscapeResponse }
  | { kind: 'applicantGroups'; response: ApplicantGroupAnalysisResponse };

/** Texts a model needs: the analysis namespace and readable values of dimensions. */
export interface LabelContext {
  /** `analysis:` keys (series names, axis titles, figure names). */
  text: (key: string, values?: Record<string, unknown>) => string;
  /** Readable value of a dimension (patent type and office names, status classes…). */
  value: (dimension: AnalysisDimension, key: string, label?: string) => string;
  /** A rate as people read it (`62.5%`, `—` when undefined). */
  percent: (rate: number | null) => string;
}

export interface ChartDefinition {
  id: string;
  group: ChartGroup;
  /** What is asked of the server; charts with the same request share one answer. */
  request: ChartRequest;
  /** Views offered, the first is the default. */
  types: readonly ViewType[];
  toModel: (result: ChartResult, labels: LabelContext) => ChartModel;
}

const YEAR_DIMENSIONS: readonly AnalysisDimension[] = ['applicationYear', 'publicationYear', 'grantYear', 'expiryYear'];

/** The answer a model expects; another kind means the chart and its request disagree. */
function expect<K extends ChartResult['kind']>(result: ChartResult, kind: K): Extract<ChartResult, { kind: K }> {
  if (result.kind !== kind) throw new Error(`expected a ${kind} result, got ${result.kind}`);
  return result as Extract<ChartResult, { kind: K }>;
}

function categoriesOf(dimension: AnalysisDimension, buckets: readonly AnalysisBucket[], labels: LabelContext) {
  return buckets.map((b) => ({ key: b.key, label: labels.value(dimension, b.key, b.label) }));
}

/** A ranking of one field: one series, each bar opens "the set + that value". */
function termsModel(result: ChartResult, labels: LabelContext): ChartModel {
  const terms: TermsResult = expect(result, 'terms');
  const { dimension } = terms;
  return {
    categories: categoriesOf(dimension, terms.buckets, labels),
    series: [{ name: labels.text('series.patents'), values: terms.buckets.map((b) => b.count) }],
    categoryTitle: labels.text(`dimensions.${dimension}`),
    // Years and value bands read in their own order, the rest by count.
    ordered: YEAR_DIMENSIONS.includes(dimension) || dimension === 'valueBand',
    note: labels.text('notes.terms', { shown: terms.buckets.length, distinct: terms.distinct, covered: terms.covered }),
    actionOf: (_s, c) => {
      const bucket = terms.buckets[c];
      return bucket ? { kind: 'jump', target: { kind: 'bucket', dimension, key: bucket.key } } : undefined;
    },
  };
}

function mapModel(map: 'world' | 'china') {
  return (result: ChartResult, labels: LabelContext): ChartModel => {
    const model = termsModel(result, labels);
    const regionOf =
      map === 'world'
        ? (category: ChartCategory) => countryRegion(category.key)
        : (category: ChartCategory) => provinceRegion(category.key);
    const offMap = model.categories.filter((c) => regionOf(c) === undefined).length;
    return {
      ...model,
      map: { name: map, regionOf },
      note: offMap > 0 ? `${model.note ?? ''} ${labels.text('notes.offMap', { count: offMap })}` : model.note,
    };
  };
}

/** Counts per year; with a split, one series per value of the split field. */
function trendModel(result: ChartResult, labels: LabelContext): ChartModel {
  const trend: TrendResult = expect(result, 'trend');
  const years = trend.points.map((p) => ({ key: p.key, label: p.label ?? p.key }));
  const base = { categories: years, categoryTitle: labels.text(`dimensions.${trend.date}`), ordered: true };
  if (!trend.split) {
    return {
      ...base,
      series: [{ name: labels.text('series.patents'), values: trend.points.map((p) => p.count) }],
      actionOf: (_s, c) => {
        const year = years[c];
        return year ? { kind: 'jump', target: { kind: 'bucket', dimension: trend.date, key: year.key } } : undefined;
      },
    };
  }
  const { dimension, series } = trend.split;
  return {
    ...base,
    series: series.map((s) => ({
      name: labels.value(dimension, s.key, s.label),
      values: years.map((y) => s.points.find((p) => p.key === y.key)?.count ?? 0),
    })),
    actionOf: (s, c) => {
      const group = series[s];
      const year = years[c];
      if (!group || !year) return undefined;
      return {
        kind: 'jump',
        target: { kind: 'cell', dimension, key: group.key, objectDimension: trend.date, objectKey: year.key },
      };
    },
  };
}

/** Groups × the first statistical object: one series per group, columns as categories. */
function matrixModel(result: ChartResult, labels: LabelContext): ChartModel {
  const matrix: MatrixResult = expect(result, 'matrix');
  const object = matrix.objects[0];
  const objectDimension = object?.dimension ?? matrix.groupDimension;
  const ordered = YEAR_DIMENSIONS.includes(objectDimension);
  // Year columns come ranked by count; a matrix over years reads left to right in time.
  const columnOrder = (object?.columns ?? []).map((column, index) => ({ column, index }));
  if (ordered) columnOrder.sort((a, b) => a.column.key.localeCompare(b.column.key));
  return {
    categories: columnOrder.map(({ column }) => ({
      key: column.key,
      label: labels.value(objectDimension, column.key, column.label),
    })),
    series: matrix.groups.map((group, g) => ({
      name: labels.value(matrix.groupDimension, group.key, group.label),
      values: columnOrder.map(({ index }) => object?.cells[g]?.[index] ?? 0),
    })),
    categoryTitle: labels.text(`dimensions.${objectDimension}`),
    ordered,
    stacked: true,
    actionOf: (s, c) => {
      const group = matrix.groups[s];
      const column = columnOrder[c]?.column;
      if (!group || !column) return undefined;
      return {
        kind: 'jump',
        target: {
          kind: 'cell',
          dimension: matrix.groupDimension,
          key: group.key,
          objectDimension,
          objectKey: column.key,
        },
      };
    },
  };
}

/** Applications and distinct applicants per year; a point opens that year's applications. */
function lifecycleModel(result: ChartResult, labels: LabelContext): ChartModel {
  const lifecycle: LifecycleResult = expect(result, 'lifecycle');
  return {
    categories: lifecycle.points.map((p) => ({ key: p.year, label: p.year })),
    series: [
      { name: labels.text('series.applications'), values: lifecycle.points.map((p) => p.applications) },
      { name: labels.text('series.applicants'), values: lifecycle.points.map((p) => p.applicants) },
    ],
    categoryTitle: labels.text(`dimensions.${lifecycle.date}`),
    ordered: true,
    actionOf: (s, c) => {
      const point = lifecycle.points[c];
      // The applicant count is not a patent count: only applications drill down.
      if (!point || s !== 0) return undefined;
      return { kind: 'jump', target: { kind: 'bucket', dimension: lifecycle.date, key: point.year } };
    },
  };
}

function expiryModel(result: ChartResult, labels: LabelContext): ChartModel {
  const expiry = expect(result, 'expiry');
  return {
    categories: expiry.points.map((p) => ({ key: p.key, label: p.label ?? p.key })),
    series: [{ name: labels.text('series.patents'), values: expiry.points.map((p) => p.count) }],
    categoryTitle: labels.text('dimensions.expiryYear'),
    ordered: true,
    note: labels.text('notes.expiry', { recorded: expiry.recorded }),
    actionOf: (_s, c) => {
      const point = expiry.points[c];
      return point ? { kind: 'jump', target: { kind: 'bucket', dimension: 'expiryYear', key: point.key } } : undefined;
    },
  };
}

const THREE_RATE_FIGURES = ['applications', 'granted', 'rejected', 'withdrawn', 'lapsed', 'pending', 'valid'] as const;

/** CN invention outcomes as counts, with the rates as headline figures. */
function threeRatesModel(result: ChartResult, labels: LabelContext): ChartModel {
  const rates: ThreeRatesResult = expect(result, 'threeRates');
  return {
    categories: THREE_RATE_FIGURES.map((key) => ({ key, label: labels.text(`threeRates.${key}`) })),
    series: [{ name: labels.text('series.patents'), values: THREE_RATE_FIGURES.map((key) => rates[key]) }],
    categoryTitle: labels.text('threeRates.figure'),
    ordered: true,
    figures: (['grantRate', 'rejectionRate', 'withdrawalRate', 'validityRate'] as const).map((key) => {
      const { rate, coverage } = rates[key];
      // Issue 14: a rate resting on less than half its population (legal status mostly missing) is
      // not a figure of the set; its coverage says why.
      const isWeak = coverage !== null && coverage < MIN_RATE_COVERAGE;
      const basis = key === 'validityRate' ? 'threeRates.coverageStatus' : 'threeRates.coverageConcluded';
      const coverageText = coverage === null ? '' : labels.text(basis, { share: labels.percent(coverage) });
      return {
        label: labels.text(`threeRates.${key}`),
        value: isWeak ? labels.percent(null) : labels.percent(rate),
        ...(coverage !== null && coverage < 1
          ? {
              caption: isWeak ? labels.text('threeRates.insufficient', { basis: coverageText }) : coverageText,
              isWeak,
            }
          : {}),
      };
    }),
    note: labels.text('notes.threeRates'),
    actionOf: (_s, c) => {
      const figure = THREE_RATE_FIGURES[c];
      // Rejected, withdrawn, lapsed and pending are differences of sets (docs/analysis.md): no jump.
      if (figure === 'applications' || figure === 'granted' || figure === 'valid') {
        return { kind: 'jump', target: { kind: 'threeRates', figure } };
      }
      return undefined;
    },
  };
}

function validByTypeModel(result: ChartResult, labels: LabelContext): ChartModel {
  const valid: ValidPatentsResult = expect(result, 'validPatents');
  return {
    categories: categoriesOf('patentType', valid.byType, labels),
    series: [{ name: labels.text('series.validPatents'), values: valid.byType.map((b) => b.count) }],
    categoryTitle: labels.text('dimensions.patentType'),
    ordered: false,
    note: labels.text('notes.validTotal', { total: valid.total }),
    actionOf: (_s, c) => {
      const bucket = valid.byType[c];
      return bucket ? { kind: 'jump', target: { kind: 'validPatents', patentType: bucket.key } } : undefined;
    },
  };
}

function validByYearModel(result: ChartResult, labels: LabelContext): ChartModel {
  const valid: ValidPatentsResult = expect(result, 'validPatents');
  return {
    categories: valid.byApplicationYear.map((b) => ({ key: b.key, label: b.label ?? b.key })),
    series: [{ name: labels.text('series.validPatents'), values: valid.byApplicationYear.map((b) => b.count) }],
    categoryTitle: labels.text('dimensions.applicationYear'),
    ordered: true,
    note: labels.text('notes.validTotal', { total: valid.total }),
    actionOf: (_s, c) => {
      const bucket = valid.byApplicationYear[c];
      return bucket ? { kind: 'jump', target: { kind: 'validPatents', applicationYear: bucket.key } } : undefined;
    },
  };
}

function citedByModel(result: ChartResult, labels: LabelContext): ChartModel {
  const impact: ImpactResult = expect(result, 'impact');
  return {
    categories: impact.bins.map((bin) => ({
      key: bin.key,
      label:
        bin.to === undefined
          ? labels.text('citedBy.atLeast', { from: bin.from })
          : bin.from === bin.to
            ? labels.text('citedBy.exactly', { count: bin.from })
            : labels.text('citedBy.range', { from: bin.from, to: bin.to }),
    })),
    series: [{ name: labels.text('series.patents'), values: impact.bins.map((b) => b.count) }],
    categoryTitle: labels.text('citedBy.title'),
    ordered: true,
    note: labels.text('notes.impact', {
      patents: impact.patents,
      cited: impact.citedPatents,
      citations: impact.citations,
    }),
    actionOf: (_s, c) => {
      const bin = impact.bins[c];
      if (!bin) return undefined;
      return {
        kind: 'jump',
        target: { kind: 'citedBy', from: bin.from, ...(bin.to !== undefined ? { to: bin.to } : {}) },
      };
    },
  };
}

function topPatentsModel(result: ChartResult, labels: LabelContext): ChartModel {
  const impact: ImpactResult = expect(result, 'impact');
  return {
    categories: impact.topPatents.map((p) => ({
      key: p.publicationNumber,
      label: p.title ? `${p.publicationNumber} ${p.title}` : p.publicationNumber,
    })),
    series: [{ name: labels.text('series.citedBy'), values: impact.topPatents.map((p) => p.citedBy) }],
    categoryTitle: labels.text('series.patent'),
    ordered: false,
    actionOf: (_s, c) => {
      const patent = impact.topPatents[c];
      return patent ? { kind: 'patent', publicationNumber: patent.publicationNumber } : undefined;
    },
  };
}

function topApplicantsModel(result: ChartResult, labels: LabelContext): ChartModel {
  const impact: ImpactResult = expect(result, 'impact');
  return {
    categories: categoriesOf('applicant', impact.topApplicants, labels),
    series: [
      { name: labels.text('series.citedBy'), values: impact.topApplicants.map((a) => a.citedBy) },
      { name: labels.text('series.patents'), values: impact.topApplicants.map((a) => a.count) },
    ],
    categoryTitle: labels.text('dimensions.applicant'),
    ordered: false,
    actionOf: (_s, c) => {
      const applicant = impact.topApplicants[c];
      return applicant
        ? { kind: 'jump', target: { kind: 'bucket', dimension: 'applicant', key: applicant.key } }
        : undefined;
    },
  };
}

/** "Analysed n of m patents (a sample)" when the server sampled. */
function sampleNote(response: { total: number; sampled: boolean; sampleSize: number }, labels: LabelContext) {
  return response.sampled
    ? labels.text('notes.sampled', { sample: response.sampleSize, total: response.total })
    : undefined;
}

/** Key terms of the set; a word opens the set's patents containing it. */
function wordCloudModel(result: ChartResult, labels: LabelContext): ChartModel {
  const { response } = expect(result, 'wordCloud');
  return {
    categories: response.words.map((w) => ({ key: w.word, label: w.word })),
    series: [{ name: labels.text('series.patents'), values: response.words.map((w) => w.count) }],
    weights: response.words.map((w) => w.weight),
    categoryTitle: labels.text('series.word'),
    ordered: false,
    note: sampleNote(response, labels),
    actionOf: (_s, c) => {
      const word = response.words[c];
      return word ? { kind: 'textJump', path: TEXT_JUMP_PATHS.word, body: { word: word.word } } : undefined;
    },
  };
}

/** Topics of the set; a topic opens its member patents. */
function clusteringModel(result: ChartResult, labels: LabelContext): ChartModel {
  const { response } = expect(result, 'clustering');
  return {
    categories: response.clusters.map((c) => ({ key: String(c.id), label: c.label })),
    series: [{ name: labels.text('series.patents'), values: response.clusters.map((c) => c.size) }],
    categoryTitle: labels.text('series.topic'),
    ordered: false,
    note: [
      sampleNote(response, labels),
      labels.text('notes.clusters', { k: response.k, unassigned: response.unassigned }),
    ]
      .filter(Boolean)
      .join(' '),
    actionOf: (_s, c) => {
      const cluster = response.clusters[c];
      // The same k as the chart, so the jump re-forms the same clusters.
      return cluster
        ? { kind: 'textJump', path: TEXT_JUMP_PATHS.cluster, body: { clusterId: cluster.id, k: response.k } }
        : undefined;
    },
  };
}

/** The landscape's peaks as categories; a peak opens the patents around it. */
function landscapeModel(result: ChartResult, labels: LabelContext): ChartModel {
  const { response } = expect(result, 'landscape');
  return {
    categories: response.peaks.map((p, i) => ({ key: String(i), label: p.label })),
    series: [{ name: labels.text('series.patents'), values: response.peaks.map((p) => p.count) }],
    landscape: response,
    categoryTitle: labels.text('series.peak'),
    ordered: false,
    note: [sampleNote(response, labels), labels.text('notes.landscape', { points: response.points.length })]
      .filter(Boolean)
      .join(' '),
    actionOf: (_s, c) => {
      const peak = response.peaks[c];
      if (!peak) return undefined;
      return {
        kind: 'textJump',
        path: TEXT_JUMP_PATHS.region,
        body: { region: { kind: 'circle', x: peak.x, y: peak.y, radius: response.peakRadius } },
      };
    },
  };
}

/** The set per applicant group of the user (issue 46); a bar opens the expression AND `PA=@组名`. */
function applicantGroupModel(result: ChartResult, labels: LabelContext): ChartModel {
  const { response } = expect(result, 'applicantGroups');
  const { groups } = response;
  return {
    categories: groups.map((g) => ({ key: g.name, label: g.name })),
    series: [{ name: labels.text('series.patents'), values: groups.map((g) => g.count) }],
    categoryTitle: labels.text('dimensions.applicantGroup'),
    ordered: false,
    note:
      groups.length === 0
        ? labels.text('notes.noApplicantGroups')
        : labels.text('notes.applicantGroups', { count: groups.length }),
    actionOf: (_s, c) => {
      const group = groups[c];
      return group ? { kind: 'applicantGroup', group: group.name } : undefined;
    },
  };
}

/** Whether a chart can go into the analysis export (the server knows it by its id). */
export function isExportable(chart: ChartDefinition): boolean {
  return chart.request.kind !== 'applicantGroups';
}

const RANK = ['bar', 'pie', 'line', 'table'] as const;
const SHARE = ['pie', 'bar', 'table'] as const;
const TIME = ['line', 'bar', 'table'] as const;
const SPLIT_TIME = ['line', 'bar', 'heatmap', 'table'] as const;
const MATRIX = ['heatmap', 'bar', 'line', 'table'] as const;

/** A chart: its request is the shared catalogue's (the analysis export recomputes its table from it). */
function chart(
  id: AnalysisChartId,
  group: ChartGroup,
  types: readonly ViewType[],
  toModel: ChartDefinition['toModel'],
): ChartDefinition {
  return { id, group, request: ANALYSIS_CHART_REQUESTS[id], types, toModel };
}

const terms = (id: AnalysisChartId, group: ChartGroup, types: readonly ViewType[] = RANK) =>
  chart(id, group, types, termsModel);

/** Every chart of the dashboard (spec 2 §1), by group. */
export const CHARTS: readonly ChartDefinition[] = [
  chart('applicationTrend', 'trend', TIME, trendModel),
  chart('publicationTrend', 'trend', TIME, trendModel),
  chart('trendByCountry', 'trend', SPLIT_TIME, trendModel),
  chart('trendByType', 'trend', SPLIT_TIME, trendModel),
  chart('lifecycle', 'trend', ['scatter', 'bar', 'line', 'table'], lifecycleModel),
  terms('countryRank', 'region'),
  chart('worldMap', 'region', ['map', 'bar', 'table'], mapModel('world')),
  chart('chinaMap', 'region', ['map', 'bar', 'table'], mapModel('china')),
  terms('cityRank', 'region'),
  terms('applicantRank', 'applicant'),
  terms('currentAssigneeRank', 'applicant'),
  {
    id: 'applicantGroupRank',
    group: 'applicant',
    request: { kind: 'applicantGroups' },
    types: RANK,
    toModel: applicantGroupModel,
  },
  chart('applicantYear', 'applicant', MATRIX, matrixModel),
  chart('applicantIpc', 'applicant', MATRIX, matrixModel),
  terms('agencyRank', 'applicant'),
  terms('inventorRank', 'inventor'),
  chart('inventorYear', 'inventor', MATRIX, matrixModel),
  terms('ipcSectionRank', 'technology'),
  terms('ipcClassRank', 'technology'),
  terms('ipcSubclassRank', 'technology'),
  terms('ipcGroupRank', 'technology'),
  terms('cpcSubclassRank', 'technology'),
  chart('ipcTrend', 'technology', SPLIT_TIME, trendModel),
  // 技术功效矩阵: IPC main groups × effect terms; a cell opens its patents (docs/problem-means-effect.md).
  chart('techEffect', 'technology', MATRIX, matrixModel),
  chart('wordCloud', 'technology', ['wordCloud', 'bar', 'table'], wordCloudModel),
  chart('clustering', 'technology', ['pie', 'bar', 'table'], clusteringModel),
  chart('landscape', 'technology', ['landscape', 'bar', 'table'], landscapeModel),
  terms('legalStatus', 'legal', SHARE),
  terms('legalStatusClass', 'legal', SHARE),
  terms('patentType', 'legal', SHARE),
  chart('expiry', 'legal', ['bar', 'line', 'table'], expiryModel),
  chart('threeRates', 'legal', ['bar', 'table'], threeRatesModel),
  chart('validByType', 'legal', SHARE, validByTypeModel),
  chart('validByYear', 'legal', TIME, validByYearModel),
  chart('citedByDistribution', 'value', ['bar', 'pie', 'table'], citedByModel),
  chart('valueDistribution', 'value', ['bar', 'pie', 'table'], termsModel),
  chart('mostCitedPatents', 'value', ['bar', 'table'], topPatentsModel),
  chart('mostCitedApplicants', 'value', ['bar', 'table'], topApplicantsModel),
];

export const DEFAULT_CHART_ID = 'applicationTrend';

export function chartById(id: string | null | undefined): ChartDefinition | undefined {
  return CHARTS.find((chart) => chart.id === id);
}
