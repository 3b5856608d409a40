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

/**
 * Words every patent text uses whatever its technology (claim wording, ordinals, the claimed
 * categories): jieba's general IDF ranks them high in a patent, and a searcher never wants them
 * as a keyword.
 */
const PATENT_BOILERPLATE = new Set([
  '第一', '第二', '第三', '第四', '第五', '所述', '其中', '包括', '包含', '具有', '设有', '用于', '进行',
  '根据', '通过', '至少', '一种', '多个', '若干', '相应', '对应', '以及', '能够', '可以', '采用', '设置',
  '提供', '情况', '申请', '本申请', '本发明', '本实用新型', '实施例', '实施', '方法', '装置', '介质',
  '步骤', '权利', '要求', '上述', '该', '所', '其', '一', '和', '或', '及',
]); // prettier-ignore

/** The top-k TF-IDF keywords of a text, best first, without the patent boilerplate. */
export function extractKeywords(text: string, topK = 10): { keyword: string; weight: number }[] {
  tfIdf ??= TfIdf.withDict(idf);
  return tfIdf
    .extractKeywords(getJieba(), text, topK + PATENT_BOILERPLATE.size)
    .filter((k) => !PATENT_BOILERPLATE.has(k.keyword))
    .slice(0, topK);
}
