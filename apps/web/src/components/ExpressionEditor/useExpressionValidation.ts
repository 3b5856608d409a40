import { useEffect, useMemo, useState } from 'react';
import { formatQueryError, type Language } from '@patlas/contracts';
import { parseExpression, type QueryError } from '@patlas/query';

export interface ExpressionProblem {
  message: string;
  span: { start: number; end: number };
  code: string;
}

/** The first problem of an expression (empty text is not a problem to show, only not searchable). */
export function checkExpression(text: string, lang: Language): ExpressionProblem | undefined {
  if (!text.trim()) return undefined;
  const result = parseExpression(text);
  if (result.ok) return undefined;
  const first: QueryError | undefined = result.errors[0];
  if (!first) return undefined;
  return { message: formatQueryError(first, lang), span: first.span, code: first.code };
}

/** Debounced live validation: parsing waits until typing pauses, so long expressions stay fluid. */
export function useExpressionValidation(text: string, lang: Language, delayMs = 250) {
  const [checked, setChecked] = useState(text);
  useEffect(() => {
    if (checked === text) return undefined;
    const timer = setTimeout(() => setChecked(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, checked, delayMs]);
  const problem = useMemo(() => checkExpression(checked, lang), [checked, lang]);
  return { problem, isPending: checked !== text };
}
