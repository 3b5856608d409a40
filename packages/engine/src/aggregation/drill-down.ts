import type { AnalysisTarget } from '@patlas/contracts';
import type { QueryNode, RangeNode } from '@patlas/query';
import type { CountOptions, FacetFilter, MergeMode } from '../search-engine.js';

/**
 * The analysis jump: the condition that, added to the analysed result set, selects exactly one
 * chart element's patents. It is back-end independent: filters on the element's dimension values
 * (every dimension is a filter field), a query clause for ranges (cited-by bins), and the merge
 * mode the element counts in (three rates and valid patents count applications). The
 * conformance suite proves `count(set + drill) === element count` for every chart type.
 */
export interface AnalysisDrill {
  /** Appended to the set's filters (entries are ANDed, values within an entry ORed). */
  readonly filters: readonly FacetFilter[];
  /** ANDed with the set's expression (the server prints it into `secondExpre`). */
  readonly clause?: QueryNode;
  /** Overrides the set's merge mode. */
  readonly merge?: MergeMode;
}

/** Patent types that are rights in force when valid (an invention application is not a right yet). */
export const VALID_PATENT_TYPES: readonly string[] = ['invention_grant', 'utility_model', 'design', 'other'];

const CN_INVENTIONS: readonly FacetFilter[] = [
  { field: 'country', values: ['CN'] },
  { field: 'patentType', values: ['invention_application', 'invention_grant'] },
];

const NO_SPAN = { start: 0, end: 0 };

/** `CITEDN=[from TO to]`, or `CITEDN>=from` without an upper bound. */
function citedByRange(from: number, to: number | undefined): RangeNode {
  return {
    kind: 'Range',
    field: 'CITEDN',
    from: String(from),
    ...(to !== undefined ? { to: String(to) } : {}),
    includeFrom: true,
    includeTo: true,
    span: NO_SPAN,
  };
}

/** The condition selecting exactly the patents of one chart element (docs/analysis.md "Analysis jump"). */
export function drillDown(target: AnalysisTarget): AnalysisDrill {
  switch (target.kind) {
    case 'bucket':
      return { filters: [{ field: target.dimension, values: [target.key] }] };
    case 'cell':
      return {
        filters: [
          { field: target.dimension, values: [target.key] },
          { field: target.objectDimension, values: [target.objectKey] },
        ],
      };
    case 'citedBy':
      return { filters: [], clause: citedByRange(target.from, target.to) };
    case 'threeRates': {
      const extra: FacetFilter[] =
        target.figure === 'granted'
          ? [{ field: 'grantStatus', values: ['granted'] }]
          : target.figure === 'valid'
            ? [
                { field: 'grantStatus', values: ['granted'] },
                { field: 'legalStatusClass', values: ['valid'] },
              ]
            : [];
      return { filters: [...CN_INVENTIONS, ...extra], merge: 1 };
    }
    case 'validPatents':
      return {
        filters: [
          { field: 'country', values: ['CN'] },
          { field: 'legalStatusClass', values: ['valid'] },
          { field: 'patentType', values: target.patentType ? [target.patentType] : [...VALID_PATENT_TYPES] },
          ...(target.applicationYear ? [{ field: 'applicationYear' as const, values: [target.applicationYear] }] : []),
        ],
        merge: 1,
      };
  }
}

/** The query and options of "the result set + the element": what `count`/`search` take. */
export function applyDrillDown(
  ast: QueryNode,
  options: CountOptions,
  drill: AnalysisDrill,
): { ast: QueryNode; options: CountOptions } {
  const merged: CountOptions = {
    ...options,
    filters: [...(options.filters ?? []), ...drill.filters],
    ...(drill.merge !== undefined ? { merge: drill.merge } : {}),
  };
  const withClause: QueryNode = drill.clause ? { kind: 'And', children: [ast, drill.clause], span: NO_SPAN } : ast;
  return { ast: withClause, options: merged };
}
