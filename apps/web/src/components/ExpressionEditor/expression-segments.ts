import type { EditorToken, EditorTokenKind } from '@patlas/query';

/** A run of the editor's text with its colour; `isError` marks the part of the current error. */
export interface ExpressionSegment {
  text: string;
  kind: EditorTokenKind | 'space';
  isError: boolean;
}

export interface ErrorSpan {
  start: number;
  end: number;
}

/**
 * The coloured runs of the mirror behind the textarea: the tokens, the spaces between them, and
 * the error span cut out of them. Together the runs are exactly the text, so the colours line up
 * with the (transparent) characters typed in the textarea.
 */
export function segmentExpression(
  text: string,
  tokens: readonly EditorToken[],
  error?: ErrorSpan,
): ExpressionSegment[] {
  const runs: { start: number; end: number; kind: ExpressionSegment['kind'] }[] = [];
  let at = 0;
  for (const token of tokens) {
    if (token.start < at || token.end > text.length || token.end <= token.start) continue;
    if (token.start > at) runs.push({ start: at, end: token.start, kind: 'space' });
    runs.push({ start: token.start, end: token.end, kind: token.kind });
    at = token.end;
  }
  if (at < text.length) runs.push({ start: at, end: text.length, kind: 'space' });

  const cuts = new Set<number>();
  if (error) {
    cuts.add(Math.max(0, Math.min(text.length, error.start)));
    cuts.add(Math.max(0, Math.min(text.length, error.end)));
  }
  const segments: ExpressionSegment[] = [];
  for (const run of runs) {
    const points = [run.start, ...[...cuts].filter((c) => c > run.start && c < run.end).sort((a, b) => a - b), run.end];
    for (let i = 0; i < points.length - 1; i += 1) {
      const start = points[i] as number;
      const end = points[i + 1] as number;
      const isError = error !== undefined && start >= error.start && end <= Math.max(error.end, error.start + 1);
      segments.push({ text: text.slice(start, end), kind: run.kind, isError });
    }
  }
  return segments;
}
