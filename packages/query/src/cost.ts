import type { HistoryRefNode, QueryNode } from './ast.js';
import { queryError, type QueryError } from './errors.js';
import { MAX_QUERY_PROXIMITY } from './limits.js';

/**
 * The cost guard on proximity: the first place, in reading order, where an expression passes
 * MAX_QUERY_PROXIMITY proximity operators, as a QUERY_TOO_MANY_PROXIMITY error there; undefined
 * within the limit. Each operator is verified on the stored text of every candidate, so this is
 * refused before anything runs.
 *
 * @param expand - the search a `#n` stands for, once the server has resolved it: its operators
 *   count, and the error points at the `#n` that passes the limit (its own text is elsewhere).
 */
export function findProximityExcess(
  ast: QueryNode,
  expand?: (ref: HistoryRefNode) => QueryNode | undefined,
): QueryError | undefined {
  let count = 0;
  const over = (node: QueryNode): QueryNode | undefined => {
    switch (node.kind) {
      case 'Near':
        count++;
        return count > MAX_QUERY_PROXIMITY ? node : undefined;
      case 'And':
      case 'Or':
        for (const child of node.children) {
          const found = over(child);
          if (found) return found;
        }
        return undefined;
      case 'Not':
        return over(node.child);
      case 'HistoryRef': {
        const search = expand?.(node);
        return search && over(search) ? node : undefined;
      }
      default:
        return undefined;
    }
  };
  const found = over(ast);
  return found && queryError('QUERY_TOO_MANY_PROXIMITY', found.span, { max: MAX_QUERY_PROXIMITY });
}
