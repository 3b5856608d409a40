import {
  MAX_SEMANTIC_TEXT_LENGTH,
  MIN_SEMANTIC_TEXT_LENGTH,
  PATENT_TYPES,
  type PatentType,
  type SemanticMode,
  type SemanticQuery,
  type SemanticSearchRequest,
} from '@patlas/contracts';
// The weights are the account settings' own (spec 1 §3 semanticsSearchWeightInfo): same parts, range and rules.
import { formatWeights, parseWeights, type SemanticWeights } from '../../../components/WeightsInput/semantic-weights';

/**
 * The semantic search form as pure data and rules (spec 1 §5, §9): what the form holds, what it
 * refuses, and how it maps to and from the request of `POST /search/semantics`.
 */

export type SemanticDateType = 'AD' | 'PD';

/** Scopes of the data-source list (engine DataScope: cn = CN, TW, HK, MO; uncn = every other office). */
export const SOURCE_SCOPES = ['cn', 'uncn'] as const;
export type SourceScope = (typeof SOURCE_SCOPES)[number];
/** The offices the `cn` scope covers. */
export const CN_OFFICES = ['CN', 'TW', 'HK', 'MO'] as const;

export interface SemanticFormValues {
  text: string;
  /** Scopes (`cn`, `uncn`) and two-letter office codes. */
  dataSources: string[];
  patentTypes: PatentType[];
  dateType: SemanticDateType;
  /** YYYY-MM-DD, either end open. */
  dateFrom: string | undefined;
  dateTo: string | undefined;
  weights: SemanticWeights;
  mode: SemanticMode;
}

/** Pages of 20 (issue 7); the server lists at most MAX_SEMANTIC_RESULTS. */
export const SEMANTIC_PAGE_SIZE = 20;

/** An empty form; the weights come from the user's saved config. */
export function emptyForm(savedWeights?: string): SemanticFormValues {
  return {
    text: '',
    dataSources: [],
    patentTypes: [],
    dateType: 'AD',
    dateFrom: undefined,
    dateTo: undefined,
    weights: parseWeights(savedWeights),
    mode: 'hybrid',
  };
}

/**
 * Length as the server counts it (JavaScript string length, as zod's max does). Kept over the
 * limit rather than cut, so a long paste is never lost; the form refuses to search it instead.
 */
export function textLengthOf(text: string): number {
  return text.length;
}

export type TextProblem =
  { kind: 'required' } | { kind: 'tooShort'; min: number } | { kind: 'tooLong'; max: number; length: number };

/** Spec 1 §9 "semantic text limit 50000"; fewer than the minimum characters cannot be searched. */
export function checkText(text: string): TextProblem | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'required' };
  if (trimmed.length < MIN_SEMANTIC_TEXT_LENGTH) return { kind: 'tooShort', min: MIN_SEMANTIC_TEXT_LENGTH };
  const length = textLengthOf(text);
  if (length > MAX_SEMANTIC_TEXT_LENGTH) return { kind: 'tooLong', max: MAX_SEMANTIC_TEXT_LENGTH, length };
  return undefined;
}

function officesOf(source: string, known: readonly string[]): readonly string[] {
  if (source === 'cn') return CN_OFFICES;
  if (source === 'uncn') return known.filter((code) => !(CN_OFFICES as readonly string[]).includes(code));
  return [source.toUpperCase()];
}

/**
 * Spec 1 §5 "Same country cannot be selected twice": the first office selected twice, directly or
 * through a scope (CN with 中国, US with 非中国), or undefined. `known` lists the offices the
 * `uncn` scope is checked against (the offices the form offers).
 */
export function findDuplicateSource(sources: readonly string[], known: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const source of sources) {
    for (const office of officesOf(source, known)) {
      if (seen.has(office)) return office;
      seen.add(office);
    }
  }
  return undefined;
}

export function isDateOrderValid(from: string | undefined, to: string | undefined): boolean {
  return !from || !to || from <= to;
}

/** The request of a new search (page 1) for valid form values. */
export function toSemanticRequest(values: SemanticFormValues, pageSize = SEMANTIC_PAGE_SIZE): SemanticSearchRequest {
  return {
    searchContext: values.text,
    ...(values.dataSources.length > 0 ? { ss_dataSources: [...values.dataSources] } : {}),
    ...(values.patentTypes.length > 0 ? { ss_patentType: [...values.patentTypes] } : {}),
    ...(values.dateFrom || values.dateTo ? { ss_dateType: values.dateType } : {}),
    ...(values.dateFrom ? { ss_dateFrom: values.dateFrom } : {}),
    ...(values.dateTo ? { ss_dateTo: values.dateTo } : {}),
    ss_weights: formatWeights(values.weights),
    mode: values.mode,
    page: 1,
    pageSize,
  };
}

/**
 * The stored query again (page 1) without one of its "also searched" terms: the removed terms
 * travel with the query (`excludeExpansions`), so its key and result page differ from the first.
 */
export function withoutExpansion(
  query: SemanticQuery,
  term: string,
  pageSize = SEMANTIC_PAGE_SIZE,
): SemanticSearchRequest {
  const excluded = [...new Set([...(query.excludeExpansions ?? []), term])];
  return { ...query, excludeExpansions: excluded, page: 1, pageSize };
}

function isPatentType(value: string): value is PatentType {
  return (PATENT_TYPES as readonly string[]).includes(value);
}

/** The form of a stored search (the `query` a `key` answers with), so a reload shows what was asked. */
export function fromSemanticQuery(query: SemanticQuery, savedWeights?: string): SemanticFormValues {
  return {
    text: query.searchContext,
    dataSources: [...(query.ss_dataSources ?? [])],
    patentTypes: (query.ss_patentType ?? []).filter(isPatentType),
    dateType: query.ss_dateType ?? 'AD',
    dateFrom: query.ss_dateFrom,
    dateTo: query.ss_dateTo,
    weights: parseWeights(query.ss_weights ?? savedWeights),
    mode: query.mode ?? 'hybrid',
  };
}
