import { Jieba, TfIdf } from '@node-rs/jieba';
import { dict, idf } from '@node-rs/jieba/dict.js';

/**
 * jieba gives ranking signals (a word-segmented title column weighted in BM25), keywords and word
 * clouds. Matching never depends on it: a Chinese term matches as a substring through the
 * character bigram index (index-tokens.ts). Loading the dictionary takes about half a second,
 * so it happens on first use.
 */
let jieba: Jieba | undefined;
let tfIdf: TfIdf | undefined;

function getJieba(): Jieba {
  jieba ??= Jieba.withDict(dict);
  return jieba;
}

/** Search-mode segmentation (sub-words included: 锂离子 → 离子, 锂离子). */
export function segmentForSearch(text: string): string[] {
  return getJieba()
    .cutForSearch(text, true)
    .map((w) => w.trim())
    .filter((w) => w.length > 0);
}

/** Plain segmentation, one word per position. */
export function segmentWords(text: string): string[] {
  return getJieba()
    .cut(text, true)
    .map((w) => w.trim())
    .filter((w) => w.length > 0);
}

/** The top-k TF-IDF keywords of a text, best first. */
export function extractKeywords(text: string, topK = 10): { keyword: string; weight: number }[] {
  tfIdf ??= TfIdf.withDict(idf);
  return tfIdf.extractKeywords(getJieba(), text, topK);
}
