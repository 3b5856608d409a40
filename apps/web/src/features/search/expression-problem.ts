import { ApiError } from '../../api/client';
import type { ExpressionProblem } from '../../components/ExpressionEditor/useExpressionValidation';

/** A server answer about the expression itself (HTTP 400 with a QUERY_* code and span). */
export function problemOf(error: unknown): ExpressionProblem | undefined {
  if (!(error instanceof ApiError) || !error.code.startsWith('QUERY_')) return undefined;
  const span = (error.data as { span?: { start?: unknown; end?: unknown } } | undefined)?.span;
  const start = typeof span?.start === 'number' ? span.start : 0;
  const end = typeof span?.end === 'number' ? span.end : start;
  return { message: error.message, span: { start, end }, code: error.code };
}
