import { findSequence, type AnalysedTerm } from './query-terms.js';
import { segmentUnits } from './text-normalise.js';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Marks every occurrence of the terms' literal sequences with <em>…</em>. The text is HTML-escaped
 * so a client can render the result as markup. Returns undefined when nothing matched.
 */
export function highlightText(text: string, terms: readonly AnalysedTerm[]): string | undefined {
  const units = segmentUnits(text);
  const spans: [number, number][] = [];
  for (const term of terms) {
    for (const seq of term.sequences) {
      for (const occ of findSequence(seq, units)) {
        const first = units[occ.first];
        const last = units[occ.last];
        if (first && last) spans.push([first.start, last.end]);
      }
    }
  }
  if (spans.length === 0) return undefined;
  spans.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  let out = '';
  let pos = 0;
  let i = 0;
  while (i < spans.length) {
    let [start, end] = spans[i] as [number, number];
    i++;
    while (i < spans.length && (spans[i] as [number, number])[0] <= end) {
      end = Math.max(end, (spans[i] as [number, number])[1]);
      i++;
    }
    if (start < pos) start = pos;
    out += `${escapeHtml(text.slice(pos, start))}<em>${escapeHtml(text.slice(start, end))}</em>`;
    pos = end;
  }
  return out + escapeHtml(text.slice(pos));
}
