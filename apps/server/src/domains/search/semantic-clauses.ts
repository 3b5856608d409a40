import type { Language } from '@patlas/contracts';
import {
  MIN_SEMANTIC_CLAUSE_CHARS,
  replaceSemanticClauses,
  semanticClauses,
  type QueryNode,
  type SemanticNode,
} from '@patlas/query';
import { EngineError } from '@patlas/engine';
import { referenceError } from './expression-search.js';

/**
 * What `SEM=(text)` stands for (issue 48): the publication numbers of the `top` patents most similar
 * in meaning to the text, best first, ranked within the search's data sources. Answered by the
 * semantic-search domain (given at construction by composition/search.ts, so the search domain
 * imports nothing of it), which ranks on the search workers and keeps each ranking a while.
 */
export interface SemanticClauseSource {
  membersOf(text: string, top: number, source: string | undefined): Promise<readonly string[]>;
}

/**
 * The AST with each `SEM=(…)` resolved to its patents (`members`), so the engine runs it as a set
 * that combines like any other condition. Unchanged when it has none. Without a semantic source the
 * clause is refused where it is written; a text in which no word can be searched too.
 */
export async function resolveSemanticClauses(
  ast: QueryNode,
  lang: Language,
  source: string | undefined,
  clauses: SemanticClauseSource | undefined,
): Promise<QueryNode> {
  const found = semanticClauses(ast).filter((clause) => !clause.members);
  if (found.length === 0) return ast;
  const members = new Map<string, readonly string[]>();
  const keyOf = (clause: SemanticNode) => `${clause.top}\u0000${clause.text}`;
  for (const clause of found) {
    const key = keyOf(clause);
    if (members.has(key)) continue;
    if (!clauses) throw referenceError('QUERY_SEMANTIC_UNSUPPORTED', clause.span, {}, lang);
    try {
      members.set(key, await clauses.membersOf(clause.text, clause.top, source));
    } catch (err) {
      if (err instanceof EngineError && err.code === 'TEXT_NO_TERMS') {
        throw referenceError('QUERY_SEMANTIC_TEXT', clause.span, { min: MIN_SEMANTIC_CLAUSE_CHARS }, lang);
      }
      throw err;
    }
  }
  return replaceSemanticClauses(ast, (clause) =>
    clause.members ? clause : { ...clause, members: members.get(keyOf(clause)) ?? [] },
  );
}

/**
 * The ranking a search keeps when a resolved `SEM=(…)` is the whole expression or one of its
 * top-level AND conditions: its patents, most similar first, so relevance order is similarity
 * (the engine's `within`, which then narrows nothing the clause does not). Undefined otherwise.
 */
export function semanticOrder(ast: QueryNode): readonly string[] | undefined {
  const top = ast.kind === 'And' ? ast.children : [ast];
  for (const node of top) if (node.kind === 'Semantic' && node.members) return node.members;
  return undefined;
}
