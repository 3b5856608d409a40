import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClauseNode, ClauseTreeResponse } from '@patlas/contracts';
import { makeAnd, makeOr, parseExpression, printExpression, type QueryNode } from '@patlas/query';
import { authHeader, buildTestApp, indexPatents, productCalls, reachableDialects } from '../../../test/helpers.js';
import type { TestApp, TestUser } from '../../../test/helpers.js';
import { buildBatteryCorpus } from '../../../test/factories.js';

const CLAUSES = '/search/expression/clauses';

function parsed(text: string): QueryNode {
  const result = parseExpression(text);
  if (!result.ok) throw new Error(`does not parse: ${text}`);
  return result.ast;
}

/**
 * The expression without the clause at `span`, rewritten independently of the server (AST surgery
 * and the printer): an AND / OR left with one clause becomes that clause, one left with none and a
 * NOT without its clause go with it. undefined: nothing is left.
 */
function withoutClause(node: QueryNode, span: { start: number; end: number }): QueryNode | undefined {
  if (node.span.start === span.start && node.span.end === span.end && !isWrapper(node, span)) return undefined;
  switch (node.kind) {
    case 'And':
    case 'Or': {
      const kept = node.children.flatMap((child) => {
        const left = withoutClause(child, span);
        return left ? [left] : [];
      });
      if (kept.length === 0) return undefined;
      if (kept.length === 1) return kept[0];
      return node.kind === 'And' ? makeAnd(kept) : makeOr(kept);
    }
    case 'Not': {
      const child = withoutClause(node.child, span);
      return child ? { ...node, child } : undefined;
    }
    default:
      return node;
  }
}

/** A node whose only child has the same span (`(a)`): the child is the one meant. */
function isWrapper(node: QueryNode, span: { start: number; end: number }): boolean {
  return node.kind === 'Not' && node.child.span.start === span.start && node.child.span.end === span.end;
}

function allClauses(root: ClauseNode): ClauseNode[] {
  return [root, ...(root.children ?? []).flatMap(allClauses)];
}

describe.each(await reachableDialects())('clause tree (issue 48) on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  const { call, okData, fails } = productCalls(
    () => t,
    () => user,
  );
  const totalOf = async (searchExpre: string, source?: string) =>
    ((await okData('/search/search', { searchExpre, pageSize: 1, ...(source ? { source } : {}) })) as { total: number })
      .total;
  const treeOf = async (searchExpre: string, source?: string) =>
    (await okData(CLAUSES, { searchExpre, ...(source ? { source } : {}) })) as ClauseTreeResponse;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    user = await authHeader(t);
    await indexPatents(t, buildBatteryCorpus());
  }, 120_000);
  afterAll(async () => t?.close());

  /** Every clause's own total and the whole's total without it, each against a search of its own. */
  async function expectCountsMatchSearches(expression: string, source?: string) {
    const tree = await treeOf(expression, source);
    const whole = parsed(tree.expression);
    const total = await totalOf(expression, source);
    expect(tree.root.total).toBe(total);
    expect(tree.root.without).toBeUndefined();
    const clauses = allClauses(tree.root);
    expect(clauses).toHaveLength(tree.nodes);
    for (const clause of clauses) {
      expect(clause.text).toBe(tree.expression.slice(clause.start, clause.end));
      expect(clause.total, `own total of ${clause.searchExpre}`).toBe(await totalOf(clause.searchExpre, source));
      if (clause === tree.root) continue;
      const rest = withoutClause(whole, clause);
      const without = rest ? await totalOf(printExpression(rest), source) : undefined;
      expect(clause.without, `without ${clause.text}`).toBe(without);
      expect(clause.loses).toBe(Math.max(0, total - (without ?? total)));
      expect(clause.costs).toBe(Math.max(0, (without ?? total) - total));
    }
    return tree;
  }

  it('counts every clause alone and the whole without it, as separate searches do', async () => {
    const tree = await expectCountsMatchSearches('(TI=(电池 OR 散热) OR AB=正极) AND PA=比亚迪 NOT AD>=2019');
    expect(tree.truncated).toBe(false);
    expect(tree.root.kind).toBe('And');
    // The OR branch only it brings (an OR child loses hits without it), the AND condition it keeps out (costs).
    const [or, applicant, not] = tree.root.children ?? [];
    expect(or?.kind).toBe('Or');
    expect(applicant).toMatchObject({ kind: 'Term', text: '比亚迪', searchExpre: 'PA=比亚迪', loses: 0 });
    expect(not?.kind).toBe('Not');
    expect(applicant!.costs).toBeGreaterThan(0);
    const heat = allClauses(tree.root).find((c) => c.text === '散热');
    expect(heat).toMatchObject({ searchExpre: 'TI=散热', costs: 0 });
  });

  it('counts within the data sources the caller chose', async () => {
    const expression = '电池 OR battery';
    const all = await expectCountsMatchSearches(expression);
    const cn = await expectCountsMatchSearches(expression, 'cn');
    expect(cn.root.total).toBeLessThan(all.root.total);
  });

  it('counts a leading NOT and nested groups as the search does', async () => {
    await expectCountsMatchSearches('NOT PA=比亚迪 AND (TI=电池 OR (AB=散热 AND TI=结构))');
  });

  it("resolves the caller's #n", async () => {
    await okData('/search/searchNew', {
      searchExpre: 'TI=电池',
      page: 1,
      pageSize: 20,
      mergeType: 0,
      filters: [],
      viewMode: 'liebiaoshitu',
      history: { action: 'search', value: 'TI=电池', router: '/innovationSpace/searchResult?q=x' },
    });
    const tree = await treeOf('#1 AND PA=比亚迪');
    expect(tree.root.total).toBe(await totalOf('TI=电池 AND PA=比亚迪'));
    expect(tree.root.children?.[0]).toMatchObject({ kind: 'HistoryRef', text: '#1', total: await totalOf('TI=电池') });
  });

  it('breaks down at most 200 clauses and says so', async () => {
    const words = Array.from({ length: 250 }, (_, i) => `词${i}`);
    const expression = `TI=(电池 OR ${words.join(' OR ')}) AND PA=比亚迪`;
    const tree = await treeOf(expression);
    expect(tree.truncated).toBe(true);
    expect(tree.nodes).toBe(3);
    expect(tree.root.total).toBe(await totalOf(expression));
    expect(tree.root.children?.[0]).toMatchObject({ kind: 'Or', collapsed: true, total: await totalOf(`TI=电池`) });
  });

  it('refuses an invalid expression with the search’s positioned message, in the caller’s language', async () => {
    const zh = await fails(CLAUSES, { searchExpre: 'TI=(电池 AND' }, 'QUERY_UNBALANCED_PARENS');
    const searched = await fails('/search/search', { searchExpre: 'TI=(电池 AND' }, 'QUERY_UNBALANCED_PARENS');
    expect(zh.message).toBe(searched.message);
    expect(zh.message).toMatch(/括号/);
    const en = await fails(CLAUSES, { searchExpre: 'TI=(电池 AND' }, 'QUERY_UNBALANCED_PARENS', user, 'en');
    expect(en.message).toMatch(/parenthes/i);
    const missing = await fails(CLAUSES, { searchExpre: '#99 AND 电池' }, 'QUERY_REFERENCE_NOT_FOUND');
    expect(missing.message).toMatch(/#99/);
  });

  it('is refused without a search menu', async () => {
    const res = await call(CLAUSES, { searchExpre: '电池' }, null);
    expect(res.statusCode).toBe(401);
  });
});
