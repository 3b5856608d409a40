import { segmentWords } from '../analysis/chinese.js';
import { ENGLISH_STOP_WORDS, stemWord } from '../analysis/english.js';

/**
 * Key terms of patent text for word clouds, clusters and landscape labels. Chinese runs are cut
 * into words by jieba (words of two characters or more); Latin words are lower-cased, stop words
 * dropped and stemmed (the stem is the term's key, its most frequent written form its display).
 * Patent boilerplate (一种, 所述, comprising…) is dropped: it is in every document and says nothing.
 */
const CHINESE_STOP_WORDS = new Set(
  (
    '一种 所述 本发明 本实用新型 实用新型 发明 涉及 包括 包含 其中 通过 进行 以及 用于 设置 设有 具有 提供 技术 领域 ' +
    '公开 方法 装置 系统 结构 及其 一个 多个 若干 至少 第一 第二 第三 第四 可以 能够 使得 使用 采用 实现 有效 提高 ' +
    '本申请 申请 实施 实施例 优选 根据 之间 以上 以下 步骤 方式 效果 有益 解决 问题 简单 合理 现有 相应 对应 ' +
    '连接 相连 固定 安装 位于 分别 一端 另一端 上述 下述 该种 此外 同时 从而 进而 所示 如图 得到 形成 由于 ' +
    '以便 并且 或者 其他 其它 一侧 两侧 内部 外部 上端 下端 相对 构成 组成 用以 利用 经过 之后 之前 当前 ' +
    '能够 一定 部分 整体 以此 这样 这种 还有 进一步 具体 所需 需要 目的 特征 权利 要求'
  ).split(' '),
);

const ENGLISH_EXTRA_STOP_WORDS =
  'also been being can may one two three more most least such each other into than then there these those thus ' +
  'when where while within without first second third invention present method methods apparatus device devices ' +
  'system systems provided provide provides providing comprising comprise comprises include includes including ' +
  'configured based use used using therein herein disclosed disclose discloses embodiment embodiments example ' +
  'plurality portion part parts having not only what who how but all any some via same further according ' +
  'according thereto wherein whereby thereof said near does has had their them they our your are was were will ' +
  'shall would should could between about above below over under upon after before during against';
const ENGLISH_STOP = new Set([...ENGLISH_STOP_WORDS, ...ENGLISH_EXTRA_STOP_WORDS.split(' ')]);

const HAN_RUN = /[\u3400-\u9fff\uf900-\ufaff]+/g;
const LATIN_WORD = /[a-z][a-z0-9]*(?:-[a-z0-9]+)*/g;
const HAN_ONLY = /^[\u3400-\u9fff\uf900-\ufaff]+$/;
const HAS_DIGIT = /\d/;

/** One occurrence of a term: `key` groups occurrences (the stem of a Latin word), `form` is as written. */
export interface TermOccurrence {
  readonly key: string;
  readonly form: string;
}

/** The key terms of a text, in order, repeats kept. */
export function extractTerms(text: string): TermOccurrence[] {
  const out: TermOccurrence[] = [];
  const normalised = text.normalize('NFKC').toLowerCase();
  for (const run of normalised.match(HAN_RUN) ?? []) {
    for (const word of segmentWords(run)) {
      if (word.length >= 2 && HAN_ONLY.test(word) && !CHINESE_STOP_WORDS.has(word)) out.push({ key: word, form: word });
    }
  }
  for (const word of normalised.replace(HAN_RUN, ' ').match(LATIN_WORD) ?? []) {
    if (word.length < 3 || ENGLISH_STOP.has(word) || HAS_DIGIT.test(word) || word.includes('-')) continue;
    out.push({ key: stemWord(word), form: word });
  }
  return out;
}

/**
 * A document as term counts, with the written forms seen per key. Memoised per text: the word cloud,
 * the clusters and the landscape of one set read the same documents, and jieba is their main cost.
 */
export interface DocTerms {
  readonly counts: Map<string, number>;
  readonly forms: Map<string, string>;
}

const DOC_TERMS_CACHE = new Map<string, DocTerms>();
const DOC_TERMS_CACHE_SIZE = 40_000;

export function documentTerms(text: string): DocTerms {
  const cached = DOC_TERMS_CACHE.get(text);
  if (cached) return cached;
  const counts = new Map<string, number>();
  const forms = new Map<string, string>();
  for (const { key, form } of extractTerms(text)) {
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (!forms.has(key)) forms.set(key, form);
  }
  const terms = { counts, forms };
  if (DOC_TERMS_CACHE.size >= DOC_TERMS_CACHE_SIZE) DOC_TERMS_CACHE.clear();
  DOC_TERMS_CACHE.set(text, terms);
  return terms;
}

/** Forgets memoised documents (benchmarks time a cold set with it). */
export function clearDocumentTermsCache(): void {
  DOC_TERMS_CACHE.clear();
}

/** The search condition that finds a term in titles and abstracts, as the result page runs it. */
export function termExpression(form: string): string {
  return `TIAB=(${form})`;
}
