/** A run of the diff of two texts: kept, added (in the result only) or removed (in the original only). */
export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/**
 * The tokens a diff compares: a word of Latin letters or digits, a run of spaces, or any other
 * single character. Chinese has no spaces, so its unit is the character; English, the word.
 */
export function tokensOf(text: string): string[] {
  return text.match(/[A-Za-z0-9_\u00c0-\u024f]+|\s+|[\s\S]/gu) ?? [];
}

/** Most cells of the comparison table (tokens of one side × the other) before giving up: about 16 MB. */
export const MAX_DIFF_CELLS = 4_000_000;

/**
 * The changes from `original` to `result` by longest common subsequence of their tokens, the common
 * start and end taken off first. Answers null when the texts are too long to compare in the browser
 * (the page then shows the result without marks).
 */
export function diffText(original: string, result: string, maxCells = MAX_DIFF_CELLS): DiffPart[] | null {
  const a = tokensOf(original);
  const b = tokensOf(result);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head += 1;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) {
    tail += 1;
  }
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const n = midA.length;
  const m = midB.length;
  if ((n + 1) * (m + 1) > maxCells) return null;
  // lengths[i][j]: the LCS of midA[i..] and midB[j..], one row of m + 1 cells per i.
  const width = m + 1;
  const lengths = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i -= 1) {
    for (let j = m - 1; j >= 0; j -= 1) {
      lengths[i * width + j] =
        midA[i] === midB[j]
          ? lengths[(i + 1) * width + j + 1]! + 1
          : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], text: string) => {
    const last = parts.at(-1);
    if (last?.kind === kind) last.text += text;
    else if (text !== '') parts.push({ kind, text });
  };
  push('same', a.slice(0, head).join(''));
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (midA[i] === midB[j]) {
      push('same', midA[i]!);
      i += 1;
      j += 1;
    } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) {
      push('removed', midA[i]!);
      i += 1;
    } else {
      push('added', midB[j]!);
      j += 1;
    }
  }
  for (; i < n; i += 1) push('removed', midA[i]!);
  for (; j < m; j += 1) push('added', midB[j]!);
  push('same', a.slice(a.length - tail).join(''));
  return parts;
}
