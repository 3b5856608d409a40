import {
  classLevels,
  classifyLegalStatus,
  expiryYearOf,
  isGranted,
  normaliseProvince,
  yearOf,
} from '../../aggregation/dimensions.js';
import { NAMED_SOURCE_OFFICES, valueBandOf } from '@patlas/contracts';
import type { FilterField } from '../../search-engine.js';
import { MULTI_RANGE_COLUMNS, type MultiRangeColumn, type RangeColumn } from './compile-query.js';
import type { DocColumnValues } from './index-tokens.js';

/**
 * The per-document values that filters, ranges, sorts, facets, aggregations and merging need,
 * held in memory as typed arrays indexed by document id (the FTS5 rowid). FTS5 hands back hit ids
 * at about 0.1 µs each; everything after that is array reads, so a filter or a facet costs the
 * same per hit whatever its selectivity (DESIGN: row lookups in SQLite cost ~55 ms per filter at
 * 1M). Multi-valued fields (applicants, inventors, classes, places) live in one append-only pool.
 * Every filter field (facet or analysis dimension) is one column here, so a chart element's filter
 * selects exactly the documents the aggregation counted in it.
 */
export const MULTI_FIELDS = [
  'applicant',
  'inventor',
  'ipcSubclass',
  'currentAssignee',
  'agent',
  'ipcSection',
  'ipcClass',
  'ipcGroup',
  'cpcSubclass',
  'cpcGroup',
  'applicantCountry',
  'applicantProvince',
  'applicantCity',
  'applicantStandard',
  'applicantPair',
  'effect',
] as const;
export type MultiField = (typeof MULTI_FIELDS)[number];
export const SINGLE_FIELDS = [
  'year',
  'country',
  'patentType',
  'legalStatus',
  'agency',
  'applicationYear',
  'publicationYear',
  'grantYear',
  'expiryYear',
  'legalStatusClass',
  'grantStatus',
  'valueBand',
] as const;
export type SingleField = (typeof SINGLE_FIELDS)[number];

const CN_SCOPE = new Set(['CN', 'TW', 'HK', 'MO']);

export class Dictionary {
  values: string[] = [''];
  /** Built on first use: a dictionary restored from a snapshot (column-snapshot.ts) may never need it. */
  private ids: Map<string, number> | undefined = new Map();
  private index(): Map<string, number> {
    if (!this.ids) {
      this.ids = new Map();
      for (let i = 1; i < this.values.length; i++) this.ids.set(this.values[i] as string, i);
    }
    return this.ids;
  }
  id(value: string): number {
    const ids = this.index();
    let id = ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      ids.set(value, id);
    }
    return id;
  }
  find(value: string): number | undefined {
    return this.index().get(value);
  }
  /** Takes the values of a snapshot (value 0 is the empty one); the lookup map is built when first needed. */
  restore(values: readonly string[]): void {
    this.values = values as string[];
    this.ids = undefined;
  }
}

function isMultiRangeColumn(column: RangeColumn): column is MultiRangeColumn {
  return (MULTI_RANGE_COLUMNS as readonly string[]).includes(column);
}

export function isMultiField(field: FilterField | MultiField): field is MultiField {
  return (MULTI_FIELDS as readonly string[]).includes(field);
}

export class DocColumns {
  capacity = 0;
  alive = new Uint8Array(0);
  aliveCount = 0;
  readonly ranges: Record<Exclude<RangeColumn, 'pv' | MultiRangeColumn>, Int32Array> & { pv: Float64Array };
  /** Dates of the legal records: each document's values sit in `pool` at offset, length. */
  readonly multiRangeOffset: Record<MultiRangeColumn, Int32Array>;
  readonly multiRangeLength: Record<MultiRangeColumn, Uint16Array>;
  /** 1 = cn scope (CN, TW, HK, MO), 2 = the rest. */
  scope = new Uint8Array(0);
  readonly single: Record<SingleField, Int32Array>;
  readonly singleDict: Record<SingleField, Dictionary>;
  readonly multiOffset: Record<MultiField, Int32Array>;
  readonly multiLength: Record<MultiField, Uint16Array>;
  readonly multiDict: Record<MultiField, Dictionary>;
  /** 1 when the document's expiry year is its recorded ED (not the statutory estimate). */
  expiryRecorded = new Uint8Array(0);
  pool = new Int32Array(1024);
  poolUsed = 0;
  /** Group ids for merge by application number (1) and by simple family (2); 0 = own group. */
  anGroup = new Int32Array(0);
  famGroup = new Int32Array(0);
  readonly groupDict = new Dictionary();
  /** Awards of the few documents that have any (the AWARD field), by document id. */
  readonly awards = new Map<number, readonly (readonly [string, number | null])[]>();
  /** Family members by family group, for expandFamily. */
  readonly familyMembers = new Map<number, Set<string>>();

  constructor() {
    const i32 = (): Int32Array => new Int32Array(0);
    this.ranges = {
      ad: i32(),
      pd: i32(),
      gd: i32(),
      prd: i32(),
      ed: i32(),
      famn: i32(),
      citn: i32(),
      citedn: i32(),
      clmn: i32(),
      def: i32(),
      defd: i32(),
      drw: i32(),
      ftx: i32(),
      pv: new Float64Array(0),
    };
    const record = <T>(keys: readonly string[], make: () => T): Record<string, T> =>
      Object.fromEntries(keys.map((k) => [k, make()]));
    this.single = record(SINGLE_FIELDS, i32) as Record<SingleField, Int32Array>;
    this.singleDict = record(SINGLE_FIELDS, () => new Dictionary()) as Record<SingleField, Dictionary>;
    this.multiOffset = record(MULTI_FIELDS, i32) as Record<MultiField, Int32Array>;
    this.multiLength = record(MULTI_FIELDS, () => new Uint16Array(0)) as Record<MultiField, Uint16Array>;
    this.multiDict = record(MULTI_FIELDS, () => new Dictionary()) as Record<MultiField, Dictionary>;
    this.multiRangeOffset = record(MULTI_RANGE_COLUMNS, i32) as Record<MultiRangeColumn, Int32Array>;
    this.multiRangeLength = record(MULTI_RANGE_COLUMNS, () => new Uint16Array(0)) as Record<
      MultiRangeColumn,
      Uint16Array
    >;
  }

  private grow(id: number): void {
    if (id < this.capacity) return;
    const capacity = Math.max(1024, id + 1, this.capacity * 2);
    const growArr = <T extends Int32Array | Uint8Array | Uint16Array | Float64Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(capacity);
      b.set(a);
      return b;
    };
    this.alive = growArr(this.alive);
    this.scope = growArr(this.scope);
    this.anGroup = growArr(this.anGroup);
    this.famGroup = growArr(this.famGroup);
    this.expiryRecorded = growArr(this.expiryRecorded);
    for (const k of Object.keys(this.ranges) as (keyof DocColumns['ranges'])[]) {
      (this.ranges as Record<string, Int32Array | Float64Array>)[k] = growArr(this.ranges[k]);
    }
    for (const k of SINGLE_FIELDS) this.single[k] = growArr(this.single[k]);
    for (const k of MULTI_FIELDS) {
      this.multiOffset[k] = growArr(this.multiOffset[k]);
      this.multiLength[k] = growArr(this.multiLength[k]);
    }
    for (const k of MULTI_RANGE_COLUMNS) {
      this.multiRangeOffset[k] = growArr(this.multiRangeOffset[k]);
      this.multiRangeLength[k] = growArr(this.multiRangeLength[k]);
    }
    this.capacity = capacity;
  }

  private pushPool(ids: readonly number[]): number {
    if (this.poolUsed + ids.length > this.pool.length) {
      const bigger = new Int32Array(Math.max(this.pool.length * 2, this.poolUsed + ids.length));
      bigger.set(this.pool);
      this.pool = bigger;
    }
    const start = this.poolUsed;
    this.pool.set(ids, start);
    this.poolUsed += ids.length;
    return start;
  }

  /**
   * A document's values in the pool: over its previous ones when they fit (a document read again
   * after a change of another column, e.g. its value score: the pool does not grow), else appended.
   */
  private placePool(isReplacing: boolean, offset: number, length: number, ids: readonly number[]): number {
    if (isReplacing && ids.length <= length) {
      this.pool.set(ids, offset);
      return offset;
    }
    return this.pushPool(ids);
  }

  set(id: number, v: DocColumnValues): void {
    this.version++;
    this.grow(id);
    const isReplacing = this.alive[id] === 1;
    if (!isReplacing) this.aliveCount++;
    this.alive[id] = 1;
    const r = this.ranges;
    r.ad[id] = v.ad;
    r.pd[id] = v.pd;
    r.gd[id] = v.gd;
    r.prd[id] = v.prd;
    r.ed[id] = v.ed;
    r.famn[id] = v.famn;
    r.citn[id] = v.citn;
    r.citedn[id] = v.citedn;
    r.clmn[id] = v.clmn;
    r.pv[id] = v.pv ?? Number.NaN;
    r.def[id] = v.def ?? 0;
    r.defd[id] = v.defd ?? 0;
    // Rows written before these columns: unknown (-1), so no set is said to lack what it may hold.
    r.drw[id] = v.drw ?? -1;
    r.ftx[id] = v.ftx ?? -1;
    for (const k of MULTI_RANGE_COLUMNS) {
      const dates = (v[k] ?? []).slice(0, 0xffff);
      this.multiRangeOffset[k][id] = this.placePool(
        isReplacing,
        this.multiRangeOffset[k][id] as number,
        this.multiRangeLength[k][id] as number,
        dates,
      );
      this.multiRangeLength[k][id] = dates.length;
    }
    this.scope[id] = CN_SCOPE.has(v.country) ? 1 : 2;
    const statusClass = classifyLegalStatus(v.legalStatus);
    const expiry = expiryYearOf({ ed: v.ed, ad: v.ad, country: v.country, patentType: v.patentType, statusClass });
    this.expiryRecorded[id] = expiry.recorded ? 1 : 0;
    const singles: Record<SingleField, string | null> = {
      year: v.year,
      country: v.country,
      patentType: v.patentType,
      legalStatus: v.legalStatus,
      agency: v.agency,
      applicationYear: yearOf(v.ad),
      publicationYear: yearOf(v.pd),
      grantYear: yearOf(v.gd),
      expiryYear: expiry.year,
      legalStatusClass: statusClass ?? null,
      grantStatus: isGranted(v.patentType, v.gd, statusClass) ? 'granted' : 'not_granted',
      valueBand: valueBandOf(v.pv),
    };
    for (const k of SINGLE_FIELDS) {
      const value = singles[k];
      this.single[k][id] = value ? this.singleDict[k].id(value) : 0;
    }
    const ipc = (v.ipcTokens ?? []).map(classLevels);
    const cpc = (v.cpcTokens ?? []).map(classLevels);
    const pick = (levels: ReturnType<typeof classLevels>[], k: keyof ReturnType<typeof classLevels>): string[] =>
      levels.flatMap((l) => (l[k] ? [l[k]] : []));
    const multis: Record<MultiField, string[]> = {
      applicant: v.applicants,
      inventor: v.inventors,
      // From the class tokens, as the other levels and FTS5 (IPC=G06F, compile-query.ts), when the row has them.
      ipcSubclass: v.ipcTokens ? pick(ipc, 'subclass') : v.ipcSubclasses,
      currentAssignee: v.assignees ?? [],
      agent: v.agents ?? [],
      ipcSection: pick(ipc, 'section'),
      ipcClass: pick(ipc, 'cls'),
      ipcGroup: pick(ipc, 'group'),
      cpcSubclass: pick(cpc, 'subclass'),
      cpcGroup: pick(cpc, 'group'),
      applicantCountry: (v.applicantCountries ?? []).map((c) => c.trim().toUpperCase()),
      applicantProvince: (v.provinces ?? []).map(normaliseProvince),
      applicantCity: (v.cities ?? []).map((c) => c.trim()),
      applicantStandard: v.standardApplicants ?? v.applicants,
      applicantPair: v.applicantPairs ?? [],
      effect: v.effectTerms ?? [],
    };
    for (const k of MULTI_FIELDS) {
      const ids = [...new Set(multis[k].filter(Boolean))].map((x) => this.multiDict[k].id(x)).slice(0, 0xffff);
      this.multiOffset[k][id] = this.placePool(
        isReplacing,
        this.multiOffset[k][id] as number,
        this.multiLength[k][id] as number,
        ids,
      );
      this.multiLength[k][id] = ids.length;
    }
    if (v.awards?.length) this.awards.set(id, v.awards);
    else this.awards.delete(id);
    this.anGroup[id] = v.anKey ? this.groupDict.id(`an:${v.anKey}`) : 0;
    this.famGroup[id] = v.familyKey ? this.groupDict.id(`fam:${v.familyKey}`) : 0;
    if (v.familyKey) {
      const g = this.famGroup[id] as number;
      const set = this.familyMembers.get(g) ?? new Set<string>();
      for (const m of v.familyMembers) set.add(m);
      this.familyMembers.set(g, set);
    }
  }

  /** A document's values of a multi-valued field, in the order recorded. */
  valuesOf(field: MultiField, id: number): string[] {
    const off = this.multiOffset[field][id] as number;
    const len = this.multiLength[field][id] as number;
    const dict = this.multiDict[field].values;
    const out: string[] = [];
    for (let i = 0; i < len; i++) out.push(dict[this.pool[off + i] as number] as string);
    return out;
  }

  /** A document's value of a single-valued field; undefined when it has none. */
  valueOf(field: SingleField, id: number): string | undefined {
    const value = this.single[field][id] as number;
    return value === 0 ? undefined : this.singleDict[field].values[value];
  }

  /** Sets a live document's value score alone (NaN: none). */
  setValueScore(id: number, value: number): void {
    if (id < this.capacity && this.alive[id]) {
      this.version++;
      this.ranges.pv[id] = value;
      // The value distribution counts by band: it follows the score.
      const band = valueBandOf(value);
      this.single.valueBand[id] = band ? this.singleDict.valueBand.id(band) : 0;
    }
  }

  /** Live documents with an award `test` accepts, ascending ids. */
  awardIds(test: (award: string, year: number | null) => boolean): Int32Array {
    const ids: number[] = [];
    for (const [id, awards] of this.awards) {
      if (this.alive[id] && awards.some(([award, year]) => test(award, year))) ids.push(id);
    }
    return Int32Array.from(ids).sort();
  }

  /** A live document's awards alone (none: []). */
  setAwards(id: number, awards: readonly (readonly [string, number | null])[]): void {
    if (id >= this.capacity || !this.alive[id]) return;
    if (awards.length > 0) this.awards.set(id, awards);
    else this.awards.delete(id);
  }

  delete(id: number): void {
    this.version++;
    this.awards.delete(id);
    if (id < this.capacity && this.alive[id]) {
      this.alive[id] = 0;
      this.aliveCount--;
    }
  }

  /** Every live document id, ascending. */
  allIds(): Int32Array {
    const out = new Int32Array(this.aliveCount);
    let n = 0;
    for (let i = 0; i < this.capacity; i++) if (this.alive[i]) out[n++] = i;
    return out;
  }

  rangePredicate(
    column: RangeColumn,
    from: number | undefined,
    to: number | undefined,
    includeFrom: boolean,
    includeTo: boolean,
  ): (id: number) => boolean {
    const inside = (v: number): boolean =>
      (from === undefined || (includeFrom ? v >= from : v > from)) &&
      (to === undefined || (includeTo ? v <= to : v < to));
    if (isMultiRangeColumn(column)) {
      const offs = this.multiRangeOffset[column];
      const lens = this.multiRangeLength[column];
      return (id) => {
        const off = offs[id] as number;
        const end = off + (lens[id] as number);
        for (let i = off; i < end; i++) if (inside(this.pool[i] as number)) return true;
        return false;
      };
    }
    const arr = this.ranges[column];
    // Dates use 0, counts -1 and the value NaN for "unknown", which never matches a range (DEF's 0 is a value).
    const isDate =
      column === 'ad' || column === 'pd' || column === 'gd' || column === 'prd' || column === 'ed' || column === 'defd';
    return (id) => {
      const v = arr[id] as number;
      if (Number.isNaN(v) || (isDate ? v === 0 : v < 0)) return false;
      if (from !== undefined && (includeFrom ? v < from : v <= from)) return false;
      if (to !== undefined && (includeTo ? v > to : v >= to)) return false;
      return true;
    };
  }

  /** Predicate for a facet filter: the document has one of these values. */
  /**
   * Documents of the offices named, and with `other` of every office NAMED_SOURCE_OFFICES does not
   * name (the data-source selector's OTHER).
   */
  officePredicate(offices: readonly string[], other: boolean): (id: number) => boolean {
    const dict = this.singleDict.country;
    const ids = (codes: readonly string[]) =>
      new Set(codes.map((c) => dict.find(c)).filter((x): x is number => x !== undefined));
    const wanted = ids(offices);
    const named = ids(NAMED_SOURCE_OFFICES);
    const arr = this.single.country;
    return (id) => {
      const value = arr[id] as number;
      return wanted.has(value) || (other && !named.has(value));
    };
  }

  facetPredicate(field: FilterField, values: readonly string[]): (id: number) => boolean {
    if (isMultiField(field)) {
      const k = field;
      const wanted = new Set(values.map((v) => this.multiDict[k].find(v)).filter((x): x is number => x !== undefined));
      return (id) => {
        const off = this.multiOffset[k][id] as number;
        const len = this.multiLength[k][id] as number;
        for (let i = 0; i < len; i++) if (wanted.has(this.pool[off + i] as number)) return true;
        return false;
      };
    }
    const k = field;
    const wanted = new Set(values.map((v) => this.singleDict[k].find(v)).filter((x): x is number => x !== undefined));
    const arr = this.single[k];
    return (id) => wanted.has(arr[id] as number);
  }

  /**
   * Counts per value over the hits, largest first (ties by value), at most `limit`. The counts go
   * into one scratch array kept zeroed between calls, and only the values the hits touched are
   * ranked and cleared: the inventor or applicant dictionary of 1M documents holds hundreds of
   * thousands of values, and allocating, zeroing and scanning it for each facet of each result
   * page cost more than counting the hits (issue 23: all 8 facets on 90k hits ≤ 60 ms).
   */
  countFacet(field: FilterField | MultiField, hits: Int32Array, limit: number): { value: string; count: number }[] {
    const dict = isMultiField(field) ? this.multiDict[field] : this.singleDict[field];
    if (this.scratch.length < dict.values.length) this.scratch = new Int32Array(dict.values.length * 1.25 + 64);
    const counts = this.scratch;
    // The values met, in a typed scratch kept between calls (each value is met once): an inventor
    // facet meets ~200,000 names in 118,000 hits at 300k, and a growing array of them cost a third of it.
    let touched = this.touchedScratch;
    let n = 0;
    const grow = (): Int32Array<ArrayBuffer> => {
      const grown = new Int32Array(Math.min(dict.values.length, Math.max(1024, touched.length * 2)));
      grown.set(touched);
      this.touchedScratch = grown;
      return grown;
    };
    if (isMultiField(field)) {
      const offs = this.multiOffset[field];
      const lens = this.multiLength[field];
      const pool = this.pool;
      for (let h = 0; h < hits.length; h++) {
        const id = hits[h] as number;
        const off = offs[id] as number;
        const end = off + (lens[id] as number);
        for (let i = off; i < end; i++) {
          const v = pool[i] as number;
          if (counts[v]!++ === 0) {
            if (n === touched.length) touched = grow();
            touched[n++] = v;
          }
        }
      }
    } else {
      const arr = this.single[field];
      for (let h = 0; h < hits.length; h++) {
        const v = arr[hits[h] as number] as number;
        if (counts[v]!++ === 0) {
          if (n === touched.length) touched = grow();
          touched[n++] = v;
        }
      }
    }
    // One pass reads each touched value's count and clears it: the ranking below then reads the
    // counts in touched order, not scattered over a dictionary of a million inventors (at 1M
    // documents each scattered read is a cache miss, and ranking used to read every count 3 times).
    if (this.countedScratch.length < n) this.countedScratch = new Int32Array(n * 1.25 + 64);
    const counted = this.countedScratch;
    for (let i = 0; i < n; i++) {
      const v = touched[i] as number;
      counted[i] = v === 0 ? 0 : (counts[v] as number);
      counts[v] = 0;
    }
    return topCounted(touched.subarray(0, n), counted, dict.values, limit);
  }

  /** countFacet's values met, and their counts in that order. */
  private touchedScratch = new Int32Array(0);
  private countedScratch = new Int32Array(0);

  /** countFacet's counts, all zero between calls. */
  private scratch = new Int32Array(0);

  /** Moves with every change of a document's values: the posting lists are rebuilt after one. */
  private version = 0;
  private readonly postings = new Map<FilterField, { version: number; offsets: Int32Array; ids: Int32Array }>();

  /**
   * A field's posting lists: for each dictionary value, the live documents holding it, ascending
   * (`ids[offsets[v] .. offsets[v + 1]]`). Built on first use and after a change, in two passes over
   * the columns (~20 ms for a class level of 1M documents).
   */
  private postingsOf(field: FilterField): { offsets: Int32Array; ids: Int32Array } {
    const cached = this.postings.get(field);
    if (cached?.version === this.version) return cached;
    const multi = isMultiField(field);
    const size = (multi ? this.multiDict[field] : this.singleDict[field]).values.length;
    const offsets = new Int32Array(size + 1);
    const each = (visit: (v: number, id: number) => void): void => {
      if (multi) {
        const offs = this.multiOffset[field];
        const lens = this.multiLength[field];
        for (let id = 0; id < this.capacity; id++) {
          if (!this.alive[id]) continue;
          const off = offs[id] as number;
          const end = off + (lens[id] as number);
          for (let i = off; i < end; i++) visit(this.pool[i] as number, id);
        }
      } else {
        const arr = this.single[field];
        for (let id = 0; id < this.capacity; id++) if (this.alive[id] && arr[id]) visit(arr[id] as number, id);
      }
    };
    each((v) => offsets[v + 1]!++);
    for (let v = 0; v < size; v++) offsets[v + 1]! += offsets[v] as number;
    const ids = new Int32Array(offsets[size] as number);
    const next = offsets.slice(0, size);
    each((v, id) => (ids[next[v]!++] = id));
    const built = { version: this.version, offsets, ids };
    this.postings.set(field, built);
    return built;
  }

  /** Live documents holding a value of `field` that `accept` takes, ascending. */
  idsWhere(field: FilterField, accept: (value: string) => boolean): Int32Array {
    const values = (isMultiField(field) ? this.multiDict[field] : this.singleDict[field]).values;
    const wanted: number[] = [];
    for (let v = 1; v < values.length; v++) if (accept(values[v] as string)) wanted.push(v);
    if (wanted.length === 0) return new Int32Array(0);
    const { offsets, ids } = this.postingsOf(field);
    const list = (v: number): Int32Array => ids.subarray(offsets[v] as number, offsets[v + 1] as number);
    if (wanted.length === 1) return list(wanted[0] as number).slice();
    // Several values (a prefix, or a document with two of them): marked once each, read in order.
    const marks = new Uint8Array(this.capacity);
    let count = 0;
    for (const v of wanted) {
      for (const id of list(v)) {
        if (marks[id] === 0) {
          marks[id] = 1;
          count++;
        }
      }
    }
    const out = new Int32Array(count);
    let n = 0;
    for (let id = 0; n < count; id++) if (marks[id]) out[n++] = id;
    return out;
  }
}

type Counted = { value: string; count: number };
const byCountThenValue = (a: Counted, b: Counted) =>
  b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);

/**
 * The `limit` values with the highest counts (ties by value), without sorting every counted value:
 * a 30,000-patent set has tens of thousands of distinct inventors or applicants, and sorting them
 * all for a facet's first 50 cost ~100 ms a request at 1M. A histogram of the counts finds the
 * smallest count that still makes the top; only values at that count are compared by name.
 */
export function topValues(counts: Int32Array, values: readonly string[], limit: number): Counted[] {
  const touched: number[] = [];
  for (let v = 1; v < counts.length; v++) if ((counts[v] as number) > 0) touched.push(v);
  return topCounted(
    touched,
    Int32Array.from(touched, (v) => counts[v] as number),
    values,
    limit,
  );
}

/**
 * topValues over counts already read out: `counted[i]` is the count of value `values[touched[i]]`
 * (0: not counted, or value 0, "none"). Reads `values` only for the values it returns.
 */
export function topCounted(
  touched: ArrayLike<number>,
  counted: Int32Array,
  values: readonly string[],
  limit: number,
): Counted[] {
  const n = touched.length;
  let distinct = 0;
  let max = 0;
  for (let i = 0; i < n; i++) {
    const c = counted[i] as number;
    if (c > 0) {
      distinct++;
      if (c > max) max = c;
    }
  }
  if (distinct <= limit * 4) {
    const all: Counted[] = [];
    for (let i = 0; i < n; i++) {
      const c = counted[i] as number;
      if (c > 0) all.push({ value: values[touched[i] as number] as string, count: c });
    }
    return all.sort(byCountThenValue).slice(0, limit);
  }
  const histogram = new Int32Array(max + 1);
  for (let i = 0; i < n; i++) histogram[counted[i] as number]!++;
  // Counts above `threshold` are all in the top; at `threshold`, the first by value fill the rest.
  let threshold = max;
  let above = 0;
  while (threshold > 1 && above + (histogram[threshold] as number) < limit) {
    above += histogram[threshold] as number;
    threshold--;
  }
  const out: Counted[] = [];
  const need = limit - above;
  const tied: string[] = [];
  for (let i = 0; i < n; i++) {
    const c = counted[i] as number;
    if (c > threshold) {
      out.push({ value: values[touched[i] as number] as string, count: c });
    } else if (c === threshold) {
      const value = values[touched[i] as number] as string;
      if (tied.length === need && value >= (tied[need - 1] as string)) continue;
      // Kept sorted, at most `need` long: insertion is cheap for a facet's few dozen.
      let at = tied.length;
      while (at > 0 && (tied[at - 1] as string) > value) at--;
      tied.splice(at, 0, value);
      if (tied.length > need) tied.pop();
    }
  }
  for (const value of tied) out.push({ value, count: threshold });
  return out.sort(byCountThenValue);
}
