import type { QueryNode } from '@patlas/query';
import type { CountOptions } from '../../search-engine.js';
import { compileQuery, hasWideOr, type FtsTree, type Plan } from './compile-query.js';
import { loadTexts } from './doc-rows.js';
import { columnsOf } from './engine-columns.js';
import { checkStop, type SqliteEngineState } from './engine-state.js';
import { countOf, nearIds, rankArgs, rankRows, runMatch } from './fts-tables.js';
import { difference, filterIds, intersect, union, unionAll } from './id-sets.js';
import { lookUpIds, withinIds } from './ranked-set.js';
import { isSingleTerm, rankMatchOf, scoredRows } from './relevance.js';

/** The "every document" condition (matchAllTerm: `CC=*`). */
function isEveryDocument(ast: QueryNode): boolean {
  return ast.kind === 'Term' && ast.field === 'CC' && ast.value === '*' && !ast.phrase;
}

/**
 * A merged MATCH with a wide OR in it, evaluated one condition at a time: FTS5 compares all k
 * children of an OR node at every row it yields (a 2000-character landscape expression has two
 * ORs of 90 words), while k statements and a union cost the postings once. Parts without a wide
 * OR stay one MATCH.
 */
function evaluateTree(state: SqliteEngineState, tree: FtsTree): Int32Array {
  const children = tree.children ?? [];
  if (!tree.op || !hasWideOr(tree)) return runMatch(state, tree.match);
  const evaluateChild = (child: FtsTree): Int32Array => evaluateTree(state, child);
  if (tree.op === 'or') return unionAll(children.map(evaluateChild));
  if (tree.op === 'not')
    return difference(evaluateChild(children[0] as FtsTree), evaluateChild(children[1] as FtsTree));
  const parts = children.map(evaluateChild).sort((a, b) => a.length - b.length);
  return parts.reduce(intersect);
}

/** The hits of a compiled query, ascending ids. */
export function evaluate(state: SqliteEngineState, plan: Plan): Int32Array {
  checkStop(state);
  switch (plan.kind) {
    case 'none':
      return new Int32Array(0);
    case 'fts':
      return plan.tree && hasWideOr(plan.tree) ? evaluateTree(state, plan.tree) : runMatch(state, plan.match);
    case 'verify': {
      if ('positions' in plan) {
        const { leftUnits, rightUnits, gap, ordered } = plan.positions;
        return nearIds(state, plan.match, leftUnits, rightUnits, gap, ordered);
      }
      const candidates = runMatch(state, plan.match);
      const texts = loadTexts(state, candidates);
      let checked = 0;
      return filterIds(candidates, (id) => {
        if (++checked % 256 === 0) checkStop(state);
        const t = texts.get(id);
        return t !== undefined && plan.check(t);
      });
    }
    case 'award':
      return columnsOf(state).awardIds(plan.test);
    case 'column':
      return columnsOf(state).idsWhere(plan.field, plan.accept);
    case 'ids':
      return lookUpIds(state, plan.numbers).sorted;
    case 'range':
      return filterIds(
        columnsOf(state).allIds(),
        columnsOf(state).rangePredicate(plan.column, plan.from, plan.to, plan.includeFrom, plan.includeTo),
      );
    case 'not':
      return difference(columnsOf(state).allIds(), evaluate(state, plan.child));
    case 'or':
      return plan.children.map((child) => evaluate(state, child)).reduce(union);
    case 'and':
      return evaluateAnd(state, plan);
  }
}

/** The generators' intersection, then the ranges and negations filtering it. */
function evaluateAnd(state: SqliteEngineState, plan: Extract<Plan, { kind: 'and' }>): Int32Array {
  const generators = plan.children.filter((c) => c.kind !== 'range' && c.kind !== 'not');
  let ids =
    generators.length === 0
      ? columnsOf(state).allIds()
      : generators.map((child) => evaluate(state, child)).reduce(intersect);
  for (const c of plan.children) {
    if (c.kind === 'range')
      ids = filterIds(ids, columnsOf(state).rangePredicate(c.column, c.from, c.to, c.includeFrom, c.includeTo));
    else if (c.kind === 'not' && c.child.kind === 'range') {
      const r = c.child;
      const inRange = columnsOf(state).rangePredicate(r.column, r.from, r.to, r.includeFrom, r.includeTo);
      ids = filterIds(ids, (id) => !inRange(id));
    } else if (c.kind === 'not') ids = difference(ids, evaluate(state, c.child));
  }
  return ids;
}

/** The `plus` records (hits whatever the query says), within `within` and never `without`. */
function plusIds(state: SqliteEngineState, options: CountOptions): Int32Array {
  let ids = lookUpIds(state, options.plus ?? []).sorted;
  if (options.within) ids = intersect(ids, withinIds(state, options.within).sorted);
  if (options.without?.length) ids = difference(ids, lookUpIds(state, options.without).sorted);
  return ids;
}

/**
 * Hits of a query after scope and facet filters, ascending ids. With `wantScores`, a single text
 * term with at most `rankLimit` hits is read and scored by one bm25() statement (its rank
 * expression matches exactly its hits, see isSingleTerm), instead of one statement for the ids
 * and another for the scores; the scores are those rankHits would give.
 */
export function hitsOf(
  state: SqliteEngineState,
  ast: QueryNode,
  options: CountOptions,
  wantScores = false,
  plan: Plan = compileQuery(ast, state.ctx),
): { plan: Plan; hits: Int32Array; scores?: Float64Array } {
  const { rankLimit } = state;
  let hits: Int32Array | undefined;
  let scores: Float64Array | undefined;
  let rows: [number, number][] | undefined;
  // A ranked set brings its own order (searchPage): no term scores to read.
  if (options.within) wantScores = false;
  if (wantScores && isSingleTerm(plan) && countOf(state, plan.match) <= rankLimit) {
    rows = rankRows(state, 'rankAll', rankArgs(state, rankMatchOf(plan.rank)));
  } else if (wantScores && plan.kind === 'fts' && plan.narrowed) {
    // Every hit matches the rank expression, so `(rank) AND (match)` returns exactly the hits with
    // the scores rankHits would give, in one statement instead of two (FTS5 evaluates a prefix
    // class condition or a common status once per statement). Past rankLimit rows the set is
    // large after all and takes the general path (the wasted rows are bounded by rankLimit).
    const found = rankRows(
      state,
      'rankUpTo',
      rankArgs(state, `(${rankMatchOf(plan.rank)}) AND (${plan.match})`, rankLimit + 1),
    );
    if (found.length <= rankLimit) rows = found;
  }
  if (rows) {
    const scored = scoredRows(state, rows);
    hits = scored.ids.sort();
    scores = scored.scores;
  } else if (options.within && isEveryDocument(ast)) {
    // The whole ranked set (no expression within it): no need to evaluate "every document".
    hits = withinIds(state, options.within).sorted;
  } else {
    hits = evaluate(state, plan);
  }
  if (options.within && !isEveryDocument(ast)) hits = intersect(hits, withinIds(state, options.within).sorted);
  if (options.without?.length) {
    const left = new Set(lookUpIds(state, options.without).sorted);
    hits = filterIds(hits, (id) => !left.has(id));
  }
  if (options.scope === 'cn' || options.scope === 'uncn') {
    const want = options.scope === 'cn' ? 1 : 2;
    const scope = columnsOf(state).scope;
    hits = filterIds(hits, (id) => scope[id] === want);
  } else if (options.scope) {
    hits = filterIds(hits, columnsOf(state).officePredicate(options.scope.offices, options.scope.other));
  }
  for (const f of options.filters ?? []) {
    if (f.values.length > 0) hits = filterIds(hits, columnsOf(state).facetPredicate(f.field, f.values));
  }
  if (options.plus?.length) hits = union(hits, plusIds(state, options));
  return { plan, hits, ...(scores ? { scores } : {}) };
}
