import {
  codeSearchOf,
  formatQueryError,
  MAX_PAGE,
  MAX_SORT_TOTAL,
  type FilterFieldId,
  type Language,
} from '@patlas/contracts';
import { EngineError, type SearchEngine } from '@patlas/engine';
import {
  applyLeadingNotRule,
  historyReferences,
  parseExpression,
  type QueryErrorCode,
  type QueryNode,
  type Span,
} from '@patlas/query';
import { AppError, QueryAppError } from '../../errors.js';
import { scopeOf } from './source-scope.js';

/** A limit as the messages write it: 10,000,000. */
export const grouped = (limit: number) => limit.toLocaleString('en-US');

/** Engine refusals → catalogue codes with the spec's limits in the message. */
export function toAppError(err: unknown): unknown {
  if (!(err instanceof EngineError)) return err;
  switch (err.code) {
    case 'SORT_TOO_MANY_HITS':
      return new AppError('SORT_TOO_MANY_HITS', { max: grouped(MAX_SORT_TOTAL), ...err.params });
    case 'PAGE_TOO_DEEP':
      return new AppError('PAGE_TOO_DEEP', { max: MAX_PAGE, ...err.params });
    case 'TEXT_NO_TERMS':
      return new AppError('SEMANTIC_NO_VALID_TEXT');
    case 'QUERY_TOO_MANY_EXPANSIONS':
    case 'QUERY_SEMANTIC_UNSUPPORTED':
      // The engine's cost guard, or a SEM=(…) where the call resolves none: a positioned expression error like the parser's.
      return new QueryAppError({ code: err.code, span: err.span ?? { start: 0, end: 0 }, params: err.params });
    default:
      return new AppError(err.code, { field: '', term: '', ...err.params });
  }
}

/** A positioned expression error (as the parser's), found while resolving a reference. */
export function referenceError(
  code: QueryErrorCode,
  span: Span,
  params: Record<string, string | number>,
  lang: Language,
) {
  return new AppError('QUERY_INVALID', { message: formatQueryError({ code, span, params }, lang) }, { code, span });
}

/**
 * The expression search alone: parsing and counting an expression, with no history reference and
 * no set source. What the history domain's combination is built on, so it needs neither the
 * history nor the domains owning set sources; `SearchService` adds those.
 */
export class ExpressionSearch {
  constructor(protected readonly engine: SearchEngine) {}

  /**
   * Parses an expression into the AST the engine runs. A bad expression is refused with the
   * query package's positioned message in the user's language. Spec 1 §5: an expression that
   * begins with NOT gets the data-source condition prefixed.
   */
  parse(expression: string, lang: Language): QueryNode {
    return this.refuseReferences(this.parseWritten(expression, lang), lang);
  }

  /** Callers that take a plain expression (analysis, dashboards…) cannot resolve #n. */
  protected refuseReferences(ast: QueryNode, lang: Language): QueryNode {
    const [ref] = historyReferences(ast);
    if (ref) throw referenceError('QUERY_REFERENCE_UNSUPPORTED', ref.span, { no: ref.no }, lang);
    return ast;
  }

  /** As `parse`, keeping `#n` (for the search calls, which resolve them, and history entries). */
  parseWritten(expression: string, lang: Language): QueryNode {
    return applyLeadingNotRule(this.parseAsWritten(expression, lang));
  }

  /**
   * The expression the engine runs for a box's text (issue 43): a box that is only patent numbers
   * or IPC/CPC symbols (one, or a pasted list) is searched as such (`PN=… OR AN=…`, `IPC=… OR
   * CPC=…`), whichever box or API client sent it; any other text is the expression itself.
   */
  protected asSearched(expression: string): string {
    return codeSearchOf(expression)?.expression ?? expression;
  }

  /**
   * The parser's AST (before the leading-NOT rule), codes-only input read as codes (`asSearched`);
   * a bad expression is refused with its positioned message.
   */
  protected parseAsWritten(expression: string, lang: Language): QueryNode {
    return this.parseSearched(this.asSearched(expression), lang);
  }

  /** As `parseAsWritten`, for a text already read (`asSearched`). */
  protected parseSearched(expression: string, lang: Language): QueryNode {
    const parsed = parseExpression(expression);
    if (!parsed.ok) {
      const first = parsed.errors[0]!;
      throw new AppError(
        'QUERY_INVALID',
        { message: formatQueryError(first, lang) },
        {
          code: first.code,
          span: first.span,
        },
      );
    }
    return parsed.ast;
  }

  /**
   * Unmerged hits of an already parsed expression, after facet filters and data-source scope
   * (history combination checks that a filter written as a condition selects the same patents).
   */
  async countParsed(
    ast: QueryNode,
    options: {
      filters: { field: FilterFieldId; values: string[] }[];
      source?: string | undefined;
    },
  ): Promise<number> {
    try {
      return await this.engine.count(ast, {
        filters: options.filters,
        ...scopeOf(options.source),
      });
    } catch (err) {
      throw toAppError(err);
    }
  }
}
