import { MAX_CLAUSE_TREE_NODES, type ClauseNode, type ClauseTreeResponse } from '@patlas/contracts';
import type { ClauseCounts, ClauseSpec } from '@patlas/engine';
import { printExpression, type QueryNode } from '@patlas/query';

/** What the clause tree is counted from (SearchService.clauseTree gives it). */
export interface ClauseTreeInput {
  /** The text searched: the spans of `written` point into it. */
  expression: string;
  /** The parser's AST of `expression`, `#n` and `PA=@组名` as written. */
  written: QueryNode;
  /**
   * A clause as the engine runs it (its `#n`, applicant groups and listed companies written out);
   * `memo` is shared by the request's clauses, so each history entry is looked up once.
   */
  resolve: (ast: QueryNode, memo: Map<number, QueryNode>) => Promise<QueryNode>;
  /** The engine's one call (in the search pool, within the search budget). */
  count: (clauses: readonly ClauseSpec[]) => Promise<ClauseCounts>;
  /** Most clauses broken down (default MAX_CLAUSE_TREE_NODES). */
  maxNodes?: number;
}

function childrenOf(node: QueryNode): readonly QueryNode[] {
  if (node.kind === 'And' || node.kind === 'Or') return node.children;
  if (node.kind === 'Not') return [node.child];
  return [];
}

/**
 * The clauses broken down, breadth first, while the tree holds at most `max` nodes: the top of a
 * long expression is shown clause by clause, and a deep clause past the limit is counted as a whole.
 */
function clausesToExpand(root: QueryNode, max: number): { expanded: Set<QueryNode>; truncated: boolean } {
  const expanded = new Set<QueryNode>();
  let nodes = 1;
  let truncated = false;
  const queue: QueryNode[] = [root];
  for (let at = 0; at < queue.length; at++) {
    const node = queue[at]!;
    const children = childrenOf(node);
    if (children.length === 0) continue;
    if (nodes + children.length > max) {
      truncated = true;
      continue;
    }
    expanded.add(node);
    nodes += children.length;
    queue.push(...children);
  }
  return { expanded, truncated };
}

/**
 * Issue 48: an expression's clause tree, each clause with its own hits and what the whole
 * expression does without it (docs/clause-tree.md), from one engine call.
 */
export async function countClauseTree(input: ClauseTreeInput): Promise<ClauseTreeResponse> {
  const started = performance.now();
  const { expression, written } = input;
  const { expanded, truncated } = clausesToExpand(written, input.maxNodes ?? MAX_CLAUSE_TREE_NODES);
  const memo = new Map<number, QueryNode>();
  // The whole expression once, for the guards that read it whole (#n's proximity operators together).
  await input.resolve(written, memo);

  const specs: ClauseSpec[] = [];
  const writtenNodes: QueryNode[] = [];
  const walk = async (node: QueryNode, parent: number): Promise<void> => {
    const index = specs.length;
    writtenNodes.push(node);
    if (!expanded.has(node)) {
      specs.push({ parent, op: 'leaf', ast: await input.resolve(node, memo) });
      return;
    }
    specs.push({ parent, op: node.kind === 'And' ? 'and' : node.kind === 'Or' ? 'or' : 'not' });
    for (const child of childrenOf(node)) await walk(child, index);
  };
  await walk(written, -1);

  const counts = await input.count(specs);
  const total = counts.total;
  const nodeAt = (index: number, children: ClauseNode[] | undefined): ClauseNode => {
    const node = writtenNodes[index]!;
    const { own, without } = counts.clauses[index]!;
    const { start, end } = node.span;
    return {
      kind: node.kind,
      start,
      end,
      text: expression.slice(start, end),
      searchExpre: printExpression(node),
      total: own,
      ...(without !== null ? { without } : {}),
      loses: without !== null ? Math.max(0, total - without) : 0,
      costs: without !== null ? Math.max(0, without - total) : 0,
      ...(children ? { children } : {}),
      ...(!children && childrenOf(node).length > 0 ? { collapsed: true } : {}),
    };
  };
  // The answer's tree from the pre-order list: each clause's children follow it.
  let next = 0;
  const build = (): ClauseNode => {
    const index = next++;
    const spec = specs[index]!;
    if (spec.op === 'leaf') return nodeAt(index, undefined);
    const children: ClauseNode[] = [];
    while (next < specs.length && specs[next]!.parent === index) children.push(build());
    return nodeAt(index, children);
  };
  const root = build();
  return { expression, root, nodes: specs.length, truncated, tookMs: Math.round(performance.now() - started) };
}
