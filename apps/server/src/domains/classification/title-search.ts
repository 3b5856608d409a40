import { isStopWord, segmentWords, stemWord } from '@patlas/engine';
import type { SchemeTree, SearchableTree } from './scheme.js';

/**
 * Scheme title search by words. English: the title's words, lower-cased and Porter-stemmed (battery
 * and batteries are one word), every query word must be one of them. Chinese: every query word must
 * be a substring of the Chinese title. A query word missing from a node's own title may be found in
 * the title of one of its ancestors ("lithium battery" finds the lithium groups under H01M, whose
 * own titles do not repeat "battery"), but at least one word must be in the node's own title, so the
 * descendants of a match do not all match through it. References to other places are not title
 * text: "(making or covering furrows A01C 5/00)" says where a subject is NOT.
 */

/** A scheme symbol inside a parenthesis marks it as a reference: A01C 5/00, E21, H01M, 入A01G3/06. */
const SYMBOL = /(?<![A-Za-z0-9])[A-HY]\d\d(?:[A-Z](?:\s?\d{1,4}\/\d{2,6})?)?(?![a-z0-9])/;
const INNER_PARENS = /[(（][^()（）]*[)）]/g;
/** Stand-ins for the brackets of a kept parenthesis while the ones around it are looked at. */
const HIDE: Record<string, string> = { '(': '\ue001', ')': '\ue002', '（': '\ue003', '）': '\ue004' };
const SHOW = Object.fromEntries(Object.entries(HIDE).map(([bracket, hidden]) => [hidden, bracket]));

/** The title without its parenthesised references; other parentheses ("e.g. plasmids") stay. */
export function withoutReferences(title: string): string {
  let text = title;
  for (;;) {
    // Innermost first; a kept parenthesis hides its brackets so that the one around it is looked at next.
    const next = text.replace(INNER_PARENS, (group) =>
      SYMBOL.test(group) ? ' ' : `${HIDE[group[0]!]}${group.slice(1, -1)}${HIDE[group.at(-1)!]}`,
    );
    if (next === text) break;
    text = next;
  }
  return text.replace(/[\ue001-\ue004]/g, (hidden) => SHOW[hidden]!);
}

const LATIN_WORD = /[a-z0-9]+/g;
const CJK_RUN = /[\u3400-\u9fff]+/g;

/** The English word index of a title: " stem stem … " (spaces around each, so a word test is `includes(' w ')`). */
export function englishWords(title: string): string {
  const words = withoutReferences(title).toLowerCase().match(LATIN_WORD) ?? [];
  return ` ${words.map(stemWord).join(' ')} `;
}

/** The Chinese text a query word is looked for in. */
export function chineseText(title: string): string {
  return withoutReferences(title).toLowerCase();
}

/** The words of a query: Latin words (stems) and Chinese words, each to be found. */
export interface TitleQuery {
  latin: string[];
  chinese: string[];
}

/**
 * The ways to read a query, strictest first: Chinese runs as typed (电池, 燃料电池); then each run cut
 * by jieba (动力电池散热 → 动力电池 + 散热), a word that no title holds being split further into the
 * longest pieces some title holds (锂电池 → 锂 + 电池). The caller takes the first reading that finds
 * something. `occurs` tells whether any Chinese title holds a text. Stop words are dropped unless the
 * query has nothing else.
 */
export function queryReadings(keyword: string, occurs: (text: string) => boolean): TitleQuery[] {
  const lower = keyword.toLowerCase();
  const latinAll = lower.match(LATIN_WORD) ?? [];
  const content = latinAll.filter((w) => !isStopWord(w));
  const latin = [...new Set((content.length > 0 ? content : latinAll).map(stemWord))];
  const runs = [...new Set(lower.match(CJK_RUN) ?? [])];
  if (runs.length === 0) return latin.length > 0 ? [{ latin, chinese: [] }] : [];
  const words = [...new Set(runs.flatMap((run) => segmentWords(run)).flatMap((w) => piecesHeld(w, occurs)))];
  const readings = [{ latin, chinese: runs }];
  const same = words.length === runs.length && words.every((w) => runs.includes(w));
  if (!same) readings.push({ latin, chinese: words });
  return readings;
}

/** `word` if some title holds it, otherwise its longest-first left-to-right pieces that titles hold. */
function piecesHeld(word: string, occurs: (text: string) => boolean): string[] {
  if (occurs(word)) return [word];
  const pieces: string[] = [];
  let start = 0;
  while (start < word.length) {
    let end = word.length;
    while (end > start + 1 && !occurs(word.slice(start, end))) end -= 1;
    pieces.push(word.slice(start, end));
    start = end;
  }
  return pieces;
}

/** What a title search looks at in one node. */
export interface SearchableNode {
  parent: number;
  /** englishWords of the English title and the Chinese title (Chinese titles hold LiCoOx, DNA…). */
  en: string;
  /** chineseText of the Chinese title, '' when there is none. */
  zh: string;
}

function has(node: SearchableNode, word: string, latin: boolean): boolean {
  return latin ? node.en.includes(` ${word} `) : node.zh.includes(word);
}

/**
 * How node `i` matches: 0 when its own title holds every word, 1 when the words it lacks are in its
 * ancestors' titles, undefined when it does not match (no word in its own title, or a word nowhere).
 */
export function matchTier(nodes: readonly SearchableNode[], i: number, query: TitleQuery): 0 | 1 | undefined {
  const node = nodes[i]!;
  const missing: [string, boolean][] = [];
  let found = 0;
  for (const w of query.latin) {
    if (has(node, w, true)) found += 1;
    else missing.push([w, true]);
  }
  for (const w of query.chinese) {
    if (has(node, w, false)) found += 1;
    else missing.push([w, false]);
  }
  if (found === 0) return undefined;
  if (missing.length === 0) return 0;
  for (const [w, latin] of missing) {
    let p = node.parent;
    while (p !== -1 && !has(nodes[p]!, w, latin)) p = nodes[p]!.parent;
    if (p === -1) return undefined;
  }
  return 1;
}

/** What the title search looks at in each node of a tree (englishWords of both titles, chineseText). */
export function searchableTree(tree: SchemeTree): SearchableTree {
  const nodes = tree.nodes.map((node) => ({
    parent: node.parent,
    en: englishWords(`${node.titleEn ?? ''} ${node.titleZh ?? ''}`),
    zh: node.titleZh ? chineseText(node.titleZh) : '',
  }));
  const allChinese = nodes.map((n) => n.zh).join('\n');
  return { tree, nodes, occursInChinese: (text) => allChinese.includes(text) };
}
