import type {
  AnalysisBucket,
  AnalysisDimension,
  AnalysisResult,
  AnalysisSpec,
  ImpactResult,
  LifecycleResult,
  MatrixResult,
  ThreeRatesResult,
  TrendResult,
  ValidPatentsResult,
} from '@patlas/contracts';
import { VALUE_BANDS } from '@patlas/contracts';
import { CITED_BY_BINS, groupLabel } from '../../aggregation/dimensions.js';
import { VALID_PATENT_TYPES } from '../../aggregation/drill-down.js';
import type { MergeMode } from '../../search-engine.js';
import { isMultiField, type DocColumns, type MultiField, type SingleField } from './doc-columns.js';

/**
 * Aggregations over the in-memory columns (doc-columns.ts): one pass over the hit ids per figure,
 * typed-array counters indexed by dictionary id, no SQL. Exactness rule (docs/analysis.md): an
 * element counts the units (documents, or application / family groups under merge) that have at
 * least one hit document with the element's value(s) — the same set the search path yields for
 * "the result set + the element's filters", as filters apply before merging.
 */

/** Hit documents grouped into counting units: unit u is order[start[u] .. start[u+1]). */
interface Units {
  readonly order: Int32Array;
  readonly start: Int32Array;
  readonly count: number;
}

/**
 * One unit per document (merge 0), else per group of `groups` (0 = a group of its own). A stable
 * counting sort by group id (O(hits + groups), no comparison sort): groups in id order, then the
 * ungrouped documents; within a unit, documents in hit order.
 */
export function buildUnits(hits: Int32Array, groups: Int32Array | undefined): Units {
  if (!groups) {
    const start = new Int32Array(hits.length + 1);
    for (let i = 0; i <= hits.length; i++) start[i] = i;
    return { order: hits, start, count: hits.length };
  }
  let maxGroup = 0;
  for (let i = 0; i < hits.length; i++) maxGroup = Math.max(maxGroup, groups[hits[i] as number] as number);
  const size = new Int32Array(maxGroup + 1);
  let singles = 0;
  for (let i = 0; i < hits.length; i++) {
    const g = groups[hits[i] as number] as number;
    if (g === 0) singles++;
    else size[g]!++;
  }
  let grouped = 0;
  for (let g = 1; g <= maxGroup; g++) if ((size[g] as number) > 0) grouped++;
  const count = grouped + singles;
  const start = new Int32Array(count + 1);
  const fill = new Int32Array(maxGroup + 1);
  let pos = 0;
  let u = 0;
  for (let g = 1; g <= maxGroup; g++) {
    const n = size[g] as number;
    if (n === 0) continue;
    fill[g] = pos;
    start[u++] = pos;
    pos += n;
  }
  const singleStart = pos;
  for (let k = 0; k < singles; k++) start[u++] = singleStart + k;
  start[count] = hits.length;
  const order = new Int32Array(hits.length);
  let nextSingle = singleStart;
  for (let i = 0; i < hits.length; i++) {
    const id = hits[i] as number;
    const g = groups[id] as number;
    if (g === 0) order[nextSingle++] = id;
    else order[fill[g]!++] = id;
  }
  return { order, start, count };
}

/** Calls `fn` with each value id (> 0) of a document in a dimension. */
type EachValue = (id: number, fn: (v: number) => void) => void;

function valuesOf(
  cols: DocColumns,
  dim: AnalysisDimension,
): { size: number; each: EachValue; key: (v: number) => string } {
  if (isMultiField(dim)) {
    const k: MultiField = dim;
    const dict = cols.multiDict[k];
    const offs = cols.multiOffset[k];
    const lens = cols.multiLength[k];
    return {
      size: dict.values.length,
      key: (v) => dict.values[v] as string,
      each: (id, fn) => {
        const off = offs[id] as number;
        const end = off + (lens[id] as number);
        for (let i = off; i < end; i++) fn(cols.pool[i] as number);
      },
    };
  }
  const k = dim as SingleField;
  const dict = cols.singleDict[k];
  const arr = cols.single[k];
  return {
    size: dict.values.length,
    key: (v) => dict.values[v] as string,
    each: (id, fn) => {
      const v = arr[id] as number;
      if (v !== 0) fn(v);
    },
  };
}

/** Units per value id of a dimension (a unit counts once per value however many of its documents have it). */
function countUnits(cols: DocColumns, dim: AnalysisDimension, units: Units): Int32Array {
  const { order, start, count } = units;
  if (isMultiField(dim)) {
    const dict = cols.multiDict[dim];
    const offs = cols.multiOffset[dim];
    const lens = cols.multiLength[dim];
    const pool = cols.pool;
    const counts = new Int32Array(dict.values.length);
    const stamp = new Int32Array(dict.values.length).fill(-1);
    for (let u = 0; u < count; u++) {
      const to = start[u + 1] as number;
      for (let k = start[u] as number; k < to; k++) {
        const id = order[k] as number;
        const off = offs[id] as number;
        const end = off + (lens[id] as number);
        for (let i = off; i < end; i++) {
          const v = pool[i] as number;
          if (stamp[v] !== u) {
            stamp[v] = u;
            counts[v]!++;
          }
        }
      }
    }
    return counts;
  }
  const k = dim as SingleField;
  const arr = cols.single[k];
  const counts = new Int32Array(cols.singleDict[k].values.length);
  if (order.length === count) {
    for (let i = 0; i < order.length; i++) counts[arr[order[i] as number] as number]!++;
  } else {
    const stamp = new Int32Array(counts.length).fill(-1);
    for (let u = 0; u < count; u++) {
      const to = start[u + 1] as number;
      for (let j = start[u] as number; j < to; j++) {
        const v = arr[order[j] as number] as number;
        if (stamp[v] !== u) {
          stamp[v] = u;
          counts[v]!++;
        }
      }
    }
  }
  counts[0] = 0;
  return counts;
}

const YEAR_DIMENSIONS = new Set<AnalysisDimension>(['applicationYear', 'publicationYear', 'grantYear', 'expiryYear']);

function labelOf(dim: AnalysisDimension, key: string): string | undefined {
  return dim === 'ipcGroup' || dim === 'cpcGroup' ? groupLabel(key) : undefined;
}

function bucket(dim: AnalysisDimension, key: string, count: number): AnalysisBucket {
  const label = labelOf(dim, key);
  return label ? { key, label, count } : { key, count };
}

const byCountThenKey = (a: AnalysisBucket, b: AnalysisBucket): number =>
  b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** Value ids chosen for a dimension: the given keys in order, else the top `limit` by count. */
function chooseValues(
  cols: DocColumns,
  dim: AnalysisDimension,
  counts: Int32Array,
  limit: number,
  keys: readonly string[] | undefined,
): { ids: number[]; buckets: AnalysisBucket[] } {
  const dict = isMultiField(dim) ? cols.multiDict[dim] : cols.singleDict[dim as SingleField];
  if (keys) {
    const ids = keys.map((k) => dict.find(k) ?? -1);
    return {
      ids,
      buckets: keys.map((k, i) => bucket(dim, k, ids[i] === -1 ? 0 : (counts[ids[i] as number] as number))),
    };
  }
  const top = topValues(counts, dict.values, limit);
  return { ids: top, buckets: top.map((v) => bucket(dim, dict.values[v] as string, counts[v] as number)) };
}

/**
 * The `limit` value ids with the largest counts (> 0), largest first, ties by key: the same order
 * as sorting every value, without sorting them (a 1M set has hundreds of thousands of applicants,
 * mostly with tiny counts). A histogram of the counts gives the count of the last one taken; the
 * values above it are sorted, and of those at it only the smallest keys are kept.
 */
export function topValues(counts: Int32Array, keys: readonly string[], limit: number): number[] {
  let max = 0;
  for (let v = 1; v < counts.length; v++) max = Math.max(max, counts[v] as number);
  if (max === 0) return [];
  const histogram = new Int32Array(max + 1);
  for (let v = 1; v < counts.length; v++) histogram[counts[v] as number]!++;
  let threshold = max;
  let above = 0;
  while (threshold > 1 && above + (histogram[threshold] as number) < limit) above += histogram[threshold--] as number;
  const byKey = (a: number, b: number): number => {
    const x = keys[a] as string;
    const y = keys[b] as string;
    return x < y ? -1 : x > y ? 1 : 0;
  };
  const taken: number[] = [];
  // Of the values at the threshold, the `need` smallest keys, kept sorted (few insertions: keys come in id order).
  const need = limit - above;
  const ties: number[] = [];
  for (let v = 1; v < counts.length; v++) {
    const c = counts[v] as number;
    if (c > threshold) taken.push(v);
    else if (c === threshold) {
      if (ties.length === need && byKey(v, ties[need - 1] as number) >= 0) continue;
      let lo = 0;
      let hi = ties.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (byKey(ties[mid] as number, v) < 0) lo = mid + 1;
        else hi = mid;
      }
      ties.splice(lo, 0, v);
      if (ties.length > need) ties.pop();
    }
  }
  taken.sort((a, b) => (counts[b] as number) - (counts[a] as number) || byKey(a, b));
  return [...taken, ...ties];
}

/** Year buckets from the first to the last year with a count, ascending, empty years as 0. */
function yearSeries(cols: DocColumns, dim: AnalysisDimension, counts: Int32Array): AnalysisBucket[] {
  const dict = cols.singleDict[dim as SingleField];
  const byYear = new Map<number, number>();
  for (let v = 1; v < counts.length; v++)
    if ((counts[v] as number) > 0) byYear.set(Number(dict.values[v]), counts[v] as number);
  if (byYear.size === 0) return [];
  const years = [...byYear.keys()];
  const out: AnalysisBucket[] = [];
  for (let y = Math.min(...years); y <= Math.max(...years); y++)
    out.push({ key: String(y), count: byYear.get(y) ?? 0 });
  return out;
}

/**
 * cells[r * nCols + c]: units having a document with row value r and column value c (both on
 * the same document, as a drill-down's two filters require under merge).
 */
function crossCount(
  cols: DocColumns,
  units: Units,
  rowDim: AnalysisDimension,
  rowIndex: Int32Array,
  colDim: AnalysisDimension,
  colIndex: Int32Array,
  nRows: number,
  nCols: number,
): Int32Array {
  const rows = valuesOf(cols, rowDim);
  const colsOf = valuesOf(cols, colDim);
  const cells = new Int32Array(nRows * nCols);
  const stamp = new Int32Array(nRows * nCols).fill(-1);
  const docRows: number[] = [];
  let unit = 0;
  const addRow = (v: number): void => {
    const r = rowIndex[v] as number;
    if (r >= 0) docRows.push(r);
  };
  const addCol = (v: number): void => {
    const c = colIndex[v] as number;
    if (c < 0) return;
    for (const r of docRows) {
      const cell = r * nCols + c;
      if (stamp[cell] !== unit) {
        stamp[cell] = unit;
        cells[cell]!++;
      }
    }
  };
  const { order, start } = units;
  for (unit = 0; unit < units.count; unit++) {
    const to = start[unit + 1] as number;
    for (let k = start[unit] as number; k < to; k++) {
      const id = order[k] as number;
      docRows.length = 0;
      rows.each(id, addRow);
      if (docRows.length > 0) colsOf.each(id, addCol);
    }
  }
  return cells;
}

function indexOfIds(size: number, ids: readonly number[]): Int32Array {
  const index = new Int32Array(size).fill(-1);
  ids.forEach((v, i) => {
    if (v > 0) index[v] = i;
  });
  return index;
}

function trend(cols: DocColumns, units: Units, spec: Extract<AnalysisSpec, { kind: 'trend' }>): TrendResult {
  const yearCounts = countUnits(cols, spec.date, units);
  const points = yearSeries(cols, spec.date, yearCounts);
  if (!spec.split) return { kind: 'trend', date: spec.date, points };
  const split = spec.split;
  const chosen = chooseValues(cols, split.dimension, countUnits(cols, split.dimension, units), split.limit, split.keys);
  const yearDict = cols.singleDict[spec.date as SingleField];
  const years = points.map((p) => p.key);
  const yearIds = years.map((y) => yearDict.find(y) ?? -1);
  const cells = crossCount(
    cols,
    units,
    split.dimension,
    indexOfIds(valuesOf(cols, split.dimension).size, chosen.ids),
    spec.date,
    indexOfIds(yearDict.values.length, yearIds),
    chosen.ids.length,
    years.length,
  );
  const series = chosen.buckets.map((b, r) => ({
    ...b,
    points: years.map((key, c) => ({ key, count: cells[r * years.length + c] as number })),
  }));
  return { kind: 'trend', date: spec.date, points, split: { dimension: split.dimension, series } };
}

function matrix(cols: DocColumns, units: Units, spec: Extract<AnalysisSpec, { kind: 'matrix' }>): MatrixResult {
  const g = spec.groups;
  const groups = chooseValues(cols, g.dimension, countUnits(cols, g.dimension, units), g.limit, g.keys);
  const groupValues = valuesOf(cols, g.dimension);
  const rowIndex = indexOfIds(groupValues.size, groups.ids);
  const objects = spec.objects.map((o) => {
    const obj = valuesOf(cols, o.dimension);
    // Column choice: object values counted over the units' documents that belong to a chosen group.
    const colCounts = new Int32Array(obj.size);
    const stamp = new Int32Array(obj.size).fill(-1);
    let unit = 0;
    let inGroup = false;
    const seeRow = (v: number): void => {
      if ((rowIndex[v] as number) >= 0) inGroup = true;
    };
    const seeCol = (v: number): void => {
      if (stamp[v] !== unit) {
        stamp[v] = unit;
        colCounts[v]!++;
      }
    };
    for (unit = 0; unit < units.count; unit++) {
      for (let k = units.start[unit] as number; k < (units.start[unit + 1] as number); k++) {
        const id = units.order[k] as number;
        inGroup = false;
        groupValues.each(id, seeRow);
        if (inGroup) obj.each(id, seeCol);
      }
    }
    const columns =
      YEAR_DIMENSIONS.has(o.dimension) && !o.keys
        ? (() => {
            const ys = yearSeries(cols, o.dimension, colCounts).slice(-o.limit);
            return { ids: ys.map((b) => cols.singleDict[o.dimension as SingleField].find(b.key) ?? -1), buckets: ys };
          })()
        : chooseValues(cols, o.dimension, colCounts, o.limit, o.keys);
    const colIndex = indexOfIds(obj.size, columns.ids);
    const flat = crossCount(
      cols,
      units,
      g.dimension,
      rowIndex,
      o.dimension,
      colIndex,
      groups.ids.length,
      columns.ids.length,
    );
    const cells = groups.ids.map((_, r) =>
      Array.from(flat.subarray(r * columns.ids.length, (r + 1) * columns.ids.length)),
    );
    return { dimension: o.dimension, columns: columns.buckets, cells };
  });
  return { kind: 'matrix', groupDimension: g.dimension, groups: groups.buckets, objects };
}

function lifecycle(
  cols: DocColumns,
  hits: Int32Array,
  units: Units,
  spec: Extract<AnalysisSpec, { kind: 'lifecycle' }>,
): LifecycleResult {
  const counts = countUnits(cols, spec.date, units);
  const years = yearSeries(cols, spec.date, counts);
  const yearArr = cols.single[spec.date as SingleField];
  // Documents bucketed by year value (counting sort), then applicants stamped per year.
  const nYears = cols.singleDict[spec.date as SingleField].values.length;
  const startOf = new Int32Array(nYears + 1);
  for (const id of hits) startOf[(yearArr[id] as number) + 1]!++;
  for (let y = 0; y < nYears; y++) startOf[y + 1]! += startOf[y] as number;
  const fill = startOf.slice();
  const byYear = new Int32Array(hits.length);
  for (const id of hits) byYear[fill[yearArr[id] as number]!++] = id;
  const applicants = valuesOf(cols, 'applicant');
  const stamp = new Int32Array(applicants.size).fill(-1);
  const distinct = new Int32Array(nYears);
  for (let y = 1; y < nYears; y++) {
    for (let k = startOf[y] as number; k < (startOf[y + 1] as number); k++) {
      applicants.each(byYear[k] as number, (a) => {
        if (stamp[a] !== y) {
          stamp[a] = y;
          distinct[y]!++;
        }
      });
    }
  }
  const dict = cols.singleDict[spec.date as SingleField];
  return {
    kind: 'lifecycle',
    date: spec.date,
    points: years.map((b) => {
      const v = dict.find(b.key);
      return { year: b.key, applications: b.count, applicants: v === undefined ? 0 : (distinct[v] as number) };
    }),
  };
}

function impact(
  cols: DocColumns,
  hits: Int32Array,
  units: Units,
  limit: number,
  titles: (ids: number[]) => Map<number, { publicationNumber: string; title?: string }>,
): ImpactResult {
  const cited = cols.ranges.citedn;
  const bins = new Int32Array(CITED_BY_BINS.length);
  const binStamp = new Int32Array(CITED_BY_BINS.length).fill(-1);
  const binOf = (n: number): number => CITED_BY_BINS.findIndex((b) => n >= b.from && (b.to === undefined || n <= b.to));
  let citations = 0;
  let citedPatents = 0;
  const applicants = valuesOf(cols, 'applicant');
  const aCount = new Int32Array(applicants.size);
  const aCited = new Float64Array(applicants.size);
  const aLast = new Int32Array(applicants.size);
  const aStamp = new Int32Array(applicants.size).fill(-1);
  for (let u = 0; u < units.count; u++) {
    let max = 0;
    for (let k = units.start[u] as number; k < (units.start[u + 1] as number); k++) {
      const id = units.order[k] as number;
      const n = Math.max(0, cited[id] as number);
      max = Math.max(max, n);
      const b = binOf(n);
      if (binStamp[b] !== u) {
        binStamp[b] = u;
        bins[b]!++;
      }
      applicants.each(id, (a) => {
        if (aStamp[a] !== u) {
          aStamp[a] = u;
          aCount[a]!++;
          aLast[a] = n;
          aCited[a]! += n;
        } else if (n > (aLast[a] as number)) {
          aCited[a]! += n - (aLast[a] as number);
          aLast[a] = n;
        }
      });
    }
    citations += max;
    if (max > 0) citedPatents++;
  }
  const top = Array.from(hits)
    .filter((id) => (cited[id] as number) > 0)
    .sort(
      (a, b) =>
        (cited[b] as number) - (cited[a] as number) ||
        (cols.ranges.pd[b] as number) - (cols.ranges.pd[a] as number) ||
        a - b,
    )
    .slice(0, limit);
  const rows = titles(top);
  const topApplicants: ImpactResult['topApplicants'] = [];
  for (let a = 1; a < applicants.size; a++) {
    if ((aCited[a] as number) > 0)
      topApplicants.push({ key: applicants.key(a), count: aCount[a] as number, citedBy: aCited[a] as number });
  }
  topApplicants.sort((x, y) => y.citedBy - x.citedBy || byCountThenKey(x, y));
  return {
    kind: 'impact',
    patents: units.count,
    citedPatents,
    citations,
    bins: CITED_BY_BINS.map((b, i) => ({
      key: b.to === undefined ? `${b.from}+` : b.from === b.to ? `${b.from}` : `${b.from}-${b.to}`,
      count: bins[i] as number,
      from: b.from,
      ...(b.to !== undefined ? { to: b.to } : {}),
    })),
    topPatents: top.flatMap((id) => {
      const row = rows.get(id);
      return row
        ? [
            {
              publicationNumber: row.publicationNumber,
              ...(row.title ? { title: row.title } : {}),
              citedBy: cited[id] as number,
            },
          ]
        : [];
    }),
    topApplicants: topApplicants.slice(0, limit),
  };
}

/**
 * A rate with what it divides, and its coverage: the share of the population the rate speaks for
 * (`basis`) that its figures rest on (`covered`), null when that population is empty.
 */
function rate(
  numerator: number,
  denominator: number,
  covered: number,
  basis: number,
): { numerator: number; denominator: number; rate: number | null; coverage: number | null } {
  return {
    numerator,
    denominator,
    rate: denominator === 0 ? null : numerator / denominator,
    coverage: basis === 0 ? null : covered / basis,
  };
}

/** Ids of the dictionary values of a single field (missing values → -1, matching nothing). */
function singleIds(cols: DocColumns, field: SingleField, values: readonly string[]): Set<number> {
  return new Set(values.map((v) => cols.singleDict[field].find(v) ?? -1));
}

function threeRates(cols: DocColumns, hits: Int32Array): ThreeRatesResult {
  const cn = cols.singleDict.country.find('CN') ?? -1;
  const inventions = singleIds(cols, 'patentType', ['invention_application', 'invention_grant']);
  const ids = hits.filter(
    (id) => cols.single.country[id] === cn && inventions.has(cols.single.patentType[id] as number),
  );
  const units = buildUnits(ids, cols.anGroup);
  const granted = cols.singleDict.grantStatus.find('granted') ?? -1;
  const cls = (name: string): number => cols.singleDict.legalStatusClass.find(name) ?? -1;
  const [valid, rejected, withdrawn, lapsed] = [cls('valid'), cls('rejected'), cls('withdrawn'), cls('lapsed')];
  const n = { granted: 0, valid: 0, rejected: 0, withdrawn: 0, lapsed: 0, pending: 0 };
  /** Granted applications with a recorded legal status: the only ones whose validity is known. */
  let grantedWithStatus = 0;
  for (let u = 0; u < units.count; u++) {
    let isGranted = false;
    let isValid = false;
    let latest = -1;
    let latestClass = 0;
    let hasRejected = false;
    let hasWithdrawn = false;
    let hasStatus = false;
    for (let k = units.start[u] as number; k < (units.start[u + 1] as number); k++) {
      const id = units.order[k] as number;
      const c = cols.single.legalStatusClass[id] as number;
      const g = cols.single.grantStatus[id] === granted;
      isGranted ||= g;
      isValid ||= g && c === valid;
      hasRejected ||= c === rejected;
      hasWithdrawn ||= c === withdrawn;
      hasStatus ||= c !== 0;
      if ((cols.ranges.pd[id] as number) >= latest) {
        latest = cols.ranges.pd[id] as number;
        latestClass = c;
      }
    }
    if (isGranted) {
      n.granted++;
      if (isValid) n.valid++;
      if (hasStatus) grantedWithStatus++;
    } else if (hasRejected) n.rejected++;
    else if (hasWithdrawn) n.withdrawn++;
    else if (latestClass === lapsed) n.lapsed++;
    else n.pending++;
  }
  const concluded = n.granted + n.rejected + n.withdrawn + n.lapsed;
  return {
    kind: 'threeRates',
    applications: units.count,
    ...n,
    concluded,
    // Concluded applications out of all: pending ones and those without any status are in no denominator.
    grantRate: rate(n.granted, concluded, concluded, units.count),
    rejectionRate: rate(n.rejected, concluded, concluded, units.count),
    withdrawalRate: rate(n.withdrawn, concluded, concluded, units.count),
    // A grant without a recorded status is neither known valid nor known lapsed.
    validityRate: rate(n.valid, n.granted, grantedWithStatus, n.granted),
  };
}

function validPatents(cols: DocColumns, hits: Int32Array): ValidPatentsResult {
  const cn = cols.singleDict.country.find('CN') ?? -1;
  const valid = cols.singleDict.legalStatusClass.find('valid') ?? -1;
  const types = singleIds(cols, 'patentType', VALID_PATENT_TYPES);
  const ids = hits.filter(
    (id) =>
      cols.single.country[id] === cn &&
      cols.single.legalStatusClass[id] === valid &&
      types.has(cols.single.patentType[id] as number),
  );
  const units = buildUnits(ids, cols.anGroup);
  const byType = chooseValues(cols, 'patentType', countUnits(cols, 'patentType', units), 100, undefined).buckets;
  return {
    kind: 'validPatents',
    total: units.count,
    byType,
    byApplicationYear: yearSeries(cols, 'applicationYear', countUnits(cols, 'applicationYear', units)),
  };
}

/**
 * Runs one analysis over `hits` (ascending ids after scope and filters, before merge).
 * `rowsOf` loads publication numbers and titles for the most-cited patents.
 */
/** How many counting units (documents, or application / family groups under merge) the hits make. */
export function unitCount(cols: DocColumns, hits: Int32Array, merge: MergeMode): number {
  return buildUnits(hits, merge === 1 ? cols.anGroup : merge === 2 ? cols.famGroup : undefined).count;
}

export function aggregateHits(
  cols: DocColumns,
  hits: Int32Array,
  merge: MergeMode,
  spec: AnalysisSpec,
  rowsOf: (ids: number[]) => Map<number, { publicationNumber: string; title?: string }>,
): { total: number; result: AnalysisResult } {
  const units = buildUnits(hits, merge === 1 ? cols.anGroup : merge === 2 ? cols.famGroup : undefined);
  const total = units.count;
  switch (spec.kind) {
    case 'terms': {
      const counts = countUnits(cols, spec.dimension, units);
      let covered = 0;
      let distinct = 0;
      for (let v = 1; v < counts.length; v++) if ((counts[v] as number) > 0) distinct++;
      const each = valuesOf(cols, spec.dimension).each;
      for (let u = 0; u < units.count; u++) {
        let has = false;
        for (let k = units.start[u] as number; k < (units.start[u + 1] as number) && !has; k++)
          each(units.order[k] as number, () => (has = true));
        if (has) covered++;
      }
      const chosen =
        YEAR_DIMENSIONS.has(spec.dimension) && !spec.keys
          ? { buckets: yearSeries(cols, spec.dimension, counts).slice(-spec.limit) }
          : chooseValues(cols, spec.dimension, counts, spec.limit, spec.keys);
      // Value bands read lowest first, as a distribution, not by count.
      if (spec.dimension === 'valueBand' && !spec.keys) {
        const rank = (key: string) => (VALUE_BANDS as readonly string[]).indexOf(key);
        chosen.buckets.sort((a, b) => rank(a.key) - rank(b.key));
      }
      return {
        total,
        result: { kind: 'terms', dimension: spec.dimension, buckets: chosen.buckets, covered, distinct },
      };
    }
    case 'trend':
      return { total, result: trend(cols, units, spec) };
    case 'matrix':
      return { total, result: matrix(cols, units, spec) };
    case 'lifecycle':
      return { total, result: lifecycle(cols, hits, units, spec) };
    case 'expiry': {
      const points = yearSeries(cols, 'expiryYear', countUnits(cols, 'expiryYear', units));
      let recorded = 0;
      for (let u = 0; u < units.count; u++) {
        for (let k = units.start[u] as number; k < (units.start[u + 1] as number); k++) {
          if (cols.expiryRecorded[units.order[k] as number]) {
            recorded++;
            break;
          }
        }
      }
      return { total, result: { kind: 'expiry', points, recorded } };
    }
    case 'impact':
      return { total, result: impact(cols, hits, units, spec.limit, rowsOf) };
    case 'threeRates':
      return { total, result: threeRates(cols, hits) };
    case 'validPatents':
      return { total, result: validPatents(cols, hits) };
  }
}
