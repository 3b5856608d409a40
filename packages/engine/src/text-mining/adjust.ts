import { stemWord } from '../analysis/english.js';
import type { DocTerms } from './terms.js';
import { termExpression } from './terms.js';

/**
 * The user's merges and removals of terms (docs/analysis.md "Merging words"), applied to the
 * documents' terms before the word cloud counts them or the clusters and landscape vectorise them:
 * a merge is one term under its name, a removed word is no term at all.
 */
export interface TermAdjustmentInput {
  readonly merges: readonly { readonly name: string; readonly words: readonly string[] }[];
  readonly removed: readonly string[];
}

const HAN_ONLY = /^[\u3400-\u9fff\uf900-\ufaff]+$/;

/** The key a written word is counted under (terms.ts: Chinese as written, Latin words stemmed). */
export function termKeyOf(word: string): string {
  const normalised = word.normalize('NFKC').toLowerCase().trim();
  return HAN_ONLY.test(normalised) || /\s/.test(normalised) ? normalised : stemWord(normalised);
}

/** The condition that finds a merged term: any of its words in title or abstract. */
export function mergeExpression(words: readonly string[]): string {
  return termExpression(words.map((w) => (/\s/.test(w) ? `"${w.replace(/"/g, '')}"` : w)).join(' OR '));
}

/** A merge's key: never a word's own key (those hold no `\u0001`). */
const mergeKey = (name: string) => `\u0001${name}`;

export interface TermAdjuster {
  /** The documents' terms with merges folded and removed words dropped (new maps; the input is shared, memoised). */
  adjust(doc: DocTerms): DocTerms;
  /** A merged term by its key: its name, its words and the condition that finds any of them. */
  mergeOf(key: string): { name: string; words: readonly string[]; expression: string } | undefined;
}

export function termAdjuster(input: TermAdjustmentInput | undefined): TermAdjuster | undefined {
  if (!input || (input.merges.length === 0 && input.removed.length === 0)) return undefined;
  const removed = new Set(input.removed.map(termKeyOf));
  const removedNames = new Set(input.removed.map((w) => w.trim()));
  const target = new Map<string, string>();
  const merges = new Map<string, { name: string; words: readonly string[]; expression: string }>();
  for (const merge of input.merges) {
    if (removedNames.has(merge.name)) {
      for (const w of merge.words) removed.add(termKeyOf(w));
      continue;
    }
    const key = mergeKey(merge.name);
    merges.set(key, { name: merge.name, words: merge.words, expression: mergeExpression(merge.words) });
    for (const w of merge.words) target.set(termKeyOf(w), key);
  }
  return {
    adjust(doc) {
      const counts = new Map<string, number>();
      const forms = new Map<string, string>();
      for (const [key, c] of doc.counts) {
        if (removed.has(key)) continue;
        const to = target.get(key);
        const k = to ?? key;
        counts.set(k, (counts.get(k) ?? 0) + c);
        if (!forms.has(k)) forms.set(k, to ? merges.get(to)!.name : (doc.forms.get(key) ?? key));
      }
      return { counts, forms };
    },
    mergeOf: (key) => merges.get(key),
  };
}
