import {
  FACET_FIELD_IDS,
  type FacetFieldId,
  type FilterFieldId,
  type FacetFilterInput,
  type Language,
  type SearchHistoryEntry,
  NAMED_SOURCE_OFFICES,
  describeSource,
  sourceFilterOf,
} from '@patlas/contracts';
import { getFieldById, makeAnd, makeOr, printExpression, semanticClauses, type QueryNode } from '@patlas/query';
import { AppError } from '../../errors.js';
import type { ExpressionSearch } from '../search/index.js';

/**
 * Combining search-history entries (POST /history/historyRetrievalCombined) into one expression,
 * written with history references (`#3 AND #5`), and what such a reference stands for.
 *
 * An entry's search is its expression AND its search within results (state.secondExpre) AND its
 * filter-panel filters AND its data-source scope. The filters are not expression syntax on the
 * result page (the engine applies them as exact matches on stored values), so each is written as
 * the expression condition that selects the same patents:
 *
 *   applicant / inventor / agency  PA="v" / IN="v" / AGC="v"   (the name as a phrase)
 *   country / patentType / legalStatus  CC=v / PT=v / LS=v     (one keyword token, exact)
 *   ipcSubclass   IPC=H01M                                     (any IPC of that subclass)
 *   year          AD=y OR (PD=y AND NOT AD>=1000)              (the facet's year: application
 *                                                               date, else publication date)
 *   scope cn      CC=(CN OR TW OR HK OR MO); uncn its negation
 *   sources       CC=(HK OR MO OR TW) for cnOther; with OTHER also NOT CC=(every named office)
 *                 (docs/data-sources.md)
 *
 * A phrase also matches a longer name that contains it (PA="比亚迪" finds 比亚迪汽车), so every
 * condition is checked against the engine before it is used: with B the entry's expression, F
 * the filter and T its condition, count(B AND T) = count(B | F) = count(B AND T | F) proves the
 * two select the same patents within B. When they differ the entry is refused
 * (HISTORY_COMBINE_FILTER_INEXACT) rather than silently combined with a different meaning.
 * Merge mode, sort, view and page do not change which patents match and are not part of it.
 */

export type CombineOperator = 'AND' | 'OR' | 'NOT';

export interface CombineItem {
  no: number;
  entry: SearchHistoryEntry;
  /** Ignored for the first item. */
  operator: CombineOperator;
}

/** The four offices of the cn data-source scope (engine DocColumns CN_SCOPE). */
const CN_OFFICES = ['CN', 'TW', 'HK', 'MO'];

/** Each facet's expression field (its label names the filter in messages). */
const FACET_EXPRESSION_FIELD: Record<FacetFieldId, string> = {
  applicant: 'PA',
  inventor: 'IN',
  agency: 'AGC',
  country: 'CC',
  patentType: 'PT',
  legalStatus: 'LS',
  ipcSubclass: 'IPC',
  year: 'AD',
};

const YEAR_LABEL: Record<Language, string> = { zh: '年份', en: 'Year' };
const SCOPE_NAME: Record<Language, string> = { zh: '数据范围', en: 'Data source' };

const NO_SPAN = { start: 0, end: 0 };

function term(field: string, value: string, phrase: boolean): QueryNode {
  return { kind: 'Term', field, value, phrase, span: NO_SPAN };
}

function range(field: string, from: string | undefined, to: string | undefined): QueryNode {
  return {
    kind: 'Range',
    field,
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
    includeFrom: true,
    includeTo: true,
    span: NO_SPAN,
  };
}

function not(child: QueryNode): QueryNode {
  return { kind: 'Not', child, span: NO_SPAN };
}

/** The condition of one filter value, or undefined when the expression language cannot state it. */
function valueCondition(field: FilterFieldId, value: string): QueryNode | undefined {
  // A quote cannot be written inside a quoted term; * and ? would become wildcards.
  if (!value.trim() || /["*?]/.test(value)) return undefined;
  switch (field) {
    case 'applicant':
    case 'inventor':
    case 'agency':
      return term(FACET_EXPRESSION_FIELD[field], value, true);
    case 'country':
    case 'patentType':
    case 'legalStatus':
      return term(FACET_EXPRESSION_FIELD[field], value, false);
    case 'ipcSubclass':
      return /^[A-Z]\d\d[A-Z]$/i.test(value) ? term('IPC', value.toUpperCase(), false) : undefined;
    case 'year':
      // The facet's year is the application year, or the publication year of a record without one.
      return /^\d{4}$/.test(value)
        ? makeOr([range('AD', value, value), makeAnd([range('PD', value, value), not(range('AD', '1000', undefined))])])
        : undefined;
    default:
      // An analysis dimension (an analysis jump's filter) has no exact expression here.
      return undefined;
  }
}

function filterCondition(filter: FacetFilterInput): QueryNode | undefined {
  const nodes: QueryNode[] = [];
  for (const value of filter.values) {
    const node = valueCondition(filter.field, value);
    if (!node) return undefined;
    nodes.push(node);
  }
  return nodes.length > 0 ? makeOr(nodes) : undefined;
}

function scopeCondition(source: string): QueryNode | undefined {
  const filter = sourceFilterOf(source);
  if (!filter) return undefined;
  const offices = (list: readonly string[]) => makeOr(list.map((office) => term('CC', office, false)));
  if (filter === 'cn' || filter === 'uncn') return filter === 'cn' ? offices(CN_OFFICES) : not(offices(CN_OFFICES));
  const parts = [
    ...(filter.offices.length > 0 ? [offices(filter.offices)] : []),
    ...(filter.other ? [not(offices(NAMED_SOURCE_OFFICES))] : []),
  ];
  return parts.length > 0 ? makeOr(parts) : undefined;
}

function filterLabel(filter: { field: string; values: readonly string[] }, lang: Language): string {
  const code = (FACET_EXPRESSION_FIELD as Record<string, string | undefined>)[filter.field];
  const def = code && filter.field !== 'year' ? getFieldById(code) : undefined;
  const name = filter.field === 'year' ? YEAR_LABEL[lang] : def ? def[lang] : filter.field;
  const values = filter.values.join(lang === 'zh' ? '、' : ', ');
  return `${name}=${values.length > 200 ? `${values.slice(0, 200)}…` : values}`;
}

interface EntrySearch {
  expression: string;
  second?: string | undefined;
  filters: FacetFilterInput[];
  source?: string | undefined;
}

/** What the entry searched: its saved result-page state, else its expression and filterArrs. */
function searchOf(item: CombineItem, lang: Language): EntrySearch {
  const { entry } = item;
  if (entry.state) {
    return {
      expression: entry.state.searchExpre,
      second: entry.state.secondExpre,
      filters: entry.state.filters ?? [],
      source: entry.state.source,
    };
  }
  const filters: FacetFilterInput[] = [];
  for (const f of entry.filterArrs ?? []) {
    if (f.values.length === 0) continue;
    if (!(FACET_FIELD_IDS as readonly string[]).includes(f.field)) {
      throw new AppError('HISTORY_COMBINE_FILTER_INEXACT', { no: item.no, filter: filterLabel(f, lang) });
    }
    filters.push({ field: f.field as FacetFieldId, values: f.values });
  }
  return { expression: entry.searchExpression, filters };
}

/** Combines history entries; see the module comment for what each entry contributes. */
export class HistoryCombiner {
  /** Only the expression search: the search service resolves `#n` through this combiner (HistoryReferences). */
  constructor(private readonly search: ExpressionSearch) {}

  /** Parses printed text again: what is counted is exactly the text the user is shown. */
  private reparse(ast: QueryNode, lang: Language): QueryNode {
    return this.search.parse(printExpression(ast), lang);
  }

  /** True when `condition` selects, within `base`, the same patents as the engine's filter or scope. */
  private async isExact(
    base: QueryNode,
    condition: QueryNode,
    options: { filters: FacetFilterInput[]; source?: string | undefined },
    lang: Language,
  ): Promise<boolean> {
    // A resolved SEM=(…) (issue 48) prints as its text only: that base is counted as resolved.
    const conditioned =
      semanticClauses(base).length > 0
        ? makeAnd([base, this.reparse(condition, lang)])
        : this.reparse(makeAnd([base, condition]), lang);
    const byCondition = await this.search.countParsed(conditioned, { filters: [] });
    const byFilter = await this.search.countParsed(base, options);
    if (byCondition !== byFilter) return false;
    return (await this.search.countParsed(conditioned, options)) === byCondition;
  }

  /**
   * One entry's whole search: its canonical text (any #n of its own expression kept) and its AST
   * with those references replaced through `resolve`, which is what the engine counts. The
   * filters are checked against the resolved search.
   */
  async entrySearch(
    item: CombineItem,
    lang: Language,
    resolve: (ast: QueryNode) => Promise<QueryNode>,
  ): Promise<{ expression: string; ast: QueryNode }> {
    if (item.entry.searchContext) throw new AppError('HISTORY_COMBINE_SEMANTIC', { no: item.no });
    const search = searchOf(item, lang);
    if (!search.expression.trim()) throw new AppError('HISTORY_COMBINE_EMPTY', { no: item.no });
    const parts = [this.search.parseWritten(search.expression, lang)];
    if (search.second?.trim()) parts.push(this.search.parseWritten(search.second, lang));
    const written = makeAnd(parts);
    const base = await resolve(written);
    const conditions: QueryNode[] = [];
    for (const filter of search.filters) {
      const condition = filterCondition(filter);
      if (!condition || !(await this.isExact(base, condition, { filters: [filter] }, lang))) {
        throw new AppError('HISTORY_COMBINE_FILTER_INEXACT', { no: item.no, filter: filterLabel(filter, lang) });
      }
      conditions.push(condition);
    }
    const condition = search.source ? scopeCondition(search.source) : undefined;
    if (search.source && condition) {
      if (!(await this.isExact(base, condition, { filters: [], source: search.source }, lang))) {
        throw new AppError('HISTORY_COMBINE_FILTER_INEXACT', {
          no: item.no,
          filter: `${SCOPE_NAME[lang]}=${describeSource(search.source, lang) ?? search.source}`,
        });
      }
      conditions.push(condition);
    }
    return { expression: printExpression(makeAnd([written, ...conditions])), ast: makeAnd([base, ...conditions]) };
  }

  /**
   * Joins the entries by their numbers, left to right, in the history-reference syntax users type
   * themselves: `#3 AND #5`, `(#3 OR #5) NOT #1`. Each entry is checked first (so a semantic entry
   * or an inexact filter is refused with its own message); the hits are those of the text shown,
   * counted through the search service, which resolves the references (unmerged, like total-hits).
   */
  async combine(
    items: readonly CombineItem[],
    lang: Language,
    resolve: (ast: QueryNode) => Promise<QueryNode>,
    count: (expression: string) => Promise<number>,
  ): Promise<{ expression: string; total: number }> {
    let expression = '';
    for (const [index, item] of items.entries()) {
      await this.entrySearch(item, lang, resolve);
      const part = `#${item.no}`;
      expression = index === 0 ? part : `${index === 1 ? expression : `(${expression})`} ${item.operator} ${part}`;
    }
    return { expression, total: await count(expression) };
  }
}
