import { EFFECT_CATEGORIES, type EffectCategory, type ProblemMeansEffect } from '@patlas/contracts';

/**
 * Technical problem, means and effect (技术问题 / 技术手段 / 功效) of a record: one sentence each,
 * found by rules over the Chinese and English cue phrases patent drafters use (解决…问题, 本发明提供,
 * 有益效果, "to solve", "the present invention provides", "advantageously"). Pure: the same texts
 * give the same answer at index time (FTS columns TPROB / TMEANS / TEFFECT, the `effect` analysis
 * dimension) and on the detail page. docs/problem-means-effect.md; precision in
 * bench/problem-means-effect.bench.ts.
 */

export interface PmeTexts {
  readonly abstract?: string | undefined;
  readonly claims?: string | undefined;
  readonly description?: string | undefined;
}

/** Longest sentence kept (characters); a longer one is cut at a clause boundary. */
export const PME_MAX_CHARS = 300;

const CJK = /[\u3400-\u9fff]/;

/** Sentences of a text: Chinese at 。！？；, English at . ! ? ; followed by a space, and at line breaks. */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\n+|\s{2,}|\u3000+/)) {
    const parts = line.split(/(?<=[。！？；!?;])|(?<=\.)\s+(?=[A-Z(\d"'])/);
    for (const part of parts) {
      const s = part
        .replace(/^\s*(\[\d{4}\]|\d+[.、]|[(（]\d+[)）])\s*/, '')
        .trim()
        .replace(HEADING_PREFIX, '')
        .replace(HEADING_PREFIX, '')
        .replace(/^\d+(?=[\u3400-\u9fff])/, '');
      if (s.length >= (CJK.test(s) ? 6 : 15)) out.push(s);
    }
  }
  return out;
}

function clip(sentence: string): string {
  if (sentence.length <= PME_MAX_CHARS) return sentence;
  const cut = sentence.slice(0, PME_MAX_CHARS);
  const at = Math.max(cut.lastIndexOf('，'), cut.lastIndexOf(','), cut.lastIndexOf('；'));
  return `${at > PME_MAX_CHARS / 2 ? cut.slice(0, at) : cut}…`;
}

/** `background`: the description before its summary (发明内容 / SUMMARY); `description`: the summary up to the embodiments. */
type Source = 'abstract' | 'claims' | 'background' | 'description';
interface Rule {
  readonly source: Source;
  readonly cue: RegExp;
  /** Which matching sentence: the first (default) or the last. */
  readonly pick?: 'first' | 'last';
  /** A cue that is only a heading (有益效果：): the next sentence carries the content. */
  readonly headingNext?: boolean;
  /** Sentences that match the cue but say something else (为解决上述技术问题，本发明提供… is the means). */
  readonly reject?: RegExp;
}

const ZH_PROBLEM_CUE =
  /(所要|需要|要|拟|旨在|用于|用以|以)?解决(的)?(技术)?(问题|课题)|技术问题|目的(在于|是|为)|旨在|为了?(解决|克服|改善|弥补)|以(解决|克服)|解决了?[^。；]{0,60}(问题|缺陷|不足|难题|困难)|克服了?[^。；]{0,60}(缺陷|不足|问题|缺点)/;
const ZH_BACKGROUND_CUE =
  /存在[^。；]{0,40}(问题|缺陷|不足|缺点|弊端)|(缺点|不足之处|缺陷)(是|在于)|(导致|造成)[^。；]{0,40}(低|差|高|困难|不便)/;
// The section headings the sources run into the first sentence (发明内容本发明的目的…).
const HEADING_PREFIX = /^(技术领域|背景技术|发明内容|实用新型内容|发明要解决的课题|用于解决课题的手段)[:：]?\s*/;
const ZH_MEANS_LEAD =
  /^([^，,。]{0,6}[，,])?((为了?|以)(解决|实现|达到|克服)(上述|以上|前述|该|这)|针对(上述|以上|前述))/;
const ZH_MEANS_CUE = /本(发明|申请|实用新型|公开|方案)(实施例)?(提供|公开|涉及|提出|采用)了?/;
const ZH_SCHEME_CUE =
  /(技术方案|采用(以下|如下)|通过(以下|如下)|包括[:：]|是这样实现的|为了?(实现|达到|解决)[^。]{0,30}(目的|问题)[^。]{0,10}[，,])/;
/** Sentences an effect cue catches that state the means (为达到上述技术效果，本发明采用以下技术方案：). */
const ZH_NOT_EFFECT = /技术方案|(以下|如下)(各)?步骤|为了?(达到|实现|解决)|[:：]$/;
/** A background sentence that states a shortcoming of what exists. */
const ZH_SHORTCOMING =
  /^(但|但是|然而|而|因此|可见|由此可知|申请人发现)|不足|不高|较低|偏低|较差|繁琐|不便|耗时|无法|难以|困难|缺陷|问题/;
const ZH_EFFECT_HEADING = /有益效果|优点(是|在于|为)|技术效果|效果(是|在于|为)/;
// An abstract's closing sentence on what the invention achieves (能够…, 用于…, 可以…).
const ZH_ABSTRACT_EFFECT_CUE = /能够|可以|可|用于|实现了?|具有|提高|降低|减少|提升|改善|避免|保证|确保|有效|从而|使得/;
const ZH_EFFECT_CUE =
  /(具有[^。；]{0,60}(优点|效果|特点|优势))|提高了?|降低了?|减少了?|提升了?|改善了?|避免了?|增强了?|节约了?|节省了?|缩短了?|简化了?|实现了?[^。]{0,30}(自动|快速|高效|精确|准确|稳定)|从而|使得|有效(地)?|保证了?|确保了?/;

/** The strong English statements of the problem: the object of the invention, a need. */
const EN_OBJECT_CUE =
  /\b(an?|the|another|one|further|primary|principal|general)? ?(object|objective|aim|purpose)s? (of (the|this) (present )?(invention|disclosure|application) )?(is|are) to\b|\b(need|demand) (has arisen|exists|remains)\b|\bthere (is|exists|remains) (a|an) (need|demand)\b|\bit (is|would be) desirable\b|\bwhat is (desired|needed)\b/i;
const EN_PROBLEM_CUE =
  /\b(an?|the|another|one|further|primary|principal|general)? ?(object|objective|aim|purpose)s? of (the|this) (present )?(invention|disclosure|application)\b|\bthere (is|exists|remains) (a|an) (need|demand)\b|\bit (is|would be) desirable\b|\bto (solve|overcome|address|alleviate|eliminate|obviate|mitigate)\b|\bproblems?\b|\bdrawbacks?\b|\bdisadvantages?\b|\bshortcomings?\b|\bdeficienc(y|ies)\b/i;
const EN_MEANS_CUE =
  /\b(the )?present (invention|disclosure) (provides|relates|is directed|includes|comprises|discloses)\b|\b(provided|disclosed|described) (herein )?(is|are)\b|\b(provides?|includes?|including|comprises?|comprising|having|has)\b/i;
const EN_NOT_PROBLEM =
  /\b(in accordance with|according to) (the|one aspect of the) present invention\b|\bsolves the problem\b/i;
const EN_NOT_EFFECT =
  /\bwill (become|be) (apparent|clear)\b|\b(the|this) invention (also )?(provides|relates)\b|\bin another embodiment\b/i;
const EN_EFFECT_HEADING = /\badvantage(s|ous|ously)?\b|\bbenefits?\b|\bbeneficial\b/i;
const EN_EFFECT_CUE =
  /\b(improv|reduc|increas|enhanc|prevent|avoid|lower|minimi[sz]|eliminat|simplif|facilitat|sav)\w*|\bthereby\b|\bso that\b|\bsuch that\b|\benabl(es?|ing)\b|\ballow(s|ing)\b|\bpermit(s|ting)\b/i;

const ZH_RULES: Record<keyof Omit<ProblemMeansEffect, 'effectTerms'>, readonly Rule[]> = {
  problem: [
    { source: 'description', cue: ZH_PROBLEM_CUE, reject: ZH_MEANS_LEAD },
    { source: 'abstract', cue: ZH_PROBLEM_CUE, reject: ZH_MEANS_LEAD },
    { source: 'background', cue: ZH_PROBLEM_CUE, pick: 'last' },
    { source: 'background', cue: ZH_BACKGROUND_CUE, pick: 'last' },
    { source: 'background', cue: ZH_SHORTCOMING, pick: 'last' },
  ],
  means: [
    { source: 'abstract', cue: ZH_MEANS_CUE },
    { source: 'description', cue: ZH_SCHEME_CUE, headingNext: true, reject: /优选|进一步/ },
    { source: 'description', cue: ZH_MEANS_CUE, reject: /优选|进一步/ },
    { source: 'description', cue: /^一种/ },
    { source: 'claims', cue: /./, reject: /[:：]$/ },
    { source: 'abstract', cue: /./ },
    { source: 'claims', cue: /./ },
  ],
  effect: [
    { source: 'description', cue: ZH_EFFECT_HEADING, headingNext: true, reject: ZH_NOT_EFFECT },
    {
      source: 'abstract',
      cue: ZH_ABSTRACT_EFFECT_CUE,
      pick: 'last',
      reject: /^本(发明|申请|实用新型)(公开|提供|涉及)/,
    },
    { source: 'description', cue: ZH_EFFECT_CUE, reject: ZH_NOT_EFFECT },
  ],
};

const EN_RULES: Record<keyof Omit<ProblemMeansEffect, 'effectTerms'>, readonly Rule[]> = {
  problem: [
    { source: 'abstract', cue: EN_OBJECT_CUE },
    { source: 'description', cue: EN_OBJECT_CUE },
    { source: 'background', cue: EN_OBJECT_CUE },
    { source: 'description', cue: EN_PROBLEM_CUE, reject: EN_NOT_PROBLEM },
    { source: 'background', cue: EN_PROBLEM_CUE, pick: 'last', reject: EN_NOT_PROBLEM },
    { source: 'abstract', cue: EN_PROBLEM_CUE, reject: EN_NOT_PROBLEM },
  ],
  // An English abstract opens with the invention itself ("A connector includes…").
  means: [
    { source: 'abstract', cue: /./, reject: /^(an?|the) (object|aim)\b/i },
    { source: 'claims', cue: /./, reject: /[:：;]$/ },
    { source: 'description', cue: EN_MEANS_CUE },
    { source: 'claims', cue: /./ },
  ],
  effect: [
    { source: 'description', cue: EN_EFFECT_HEADING, headingNext: true, reject: EN_NOT_EFFECT },
    { source: 'abstract', cue: EN_EFFECT_CUE, pick: 'last', reject: EN_NOT_EFFECT },
    { source: 'description', cue: EN_EFFECT_CUE, reject: EN_NOT_EFFECT },
  ],
};

/** A sentence that is only a heading: short, or ending in a colon. */
function isHeading(sentence: string): boolean {
  return (
    /[:：]$|\bthe following\.?$|\badvantages\.$|(如下|以下)[。.]?$/i.test(sentence) ||
    sentence.replace(/[^\p{L}\p{N}]/gu, '').length < 12
  );
}

function apply(rules: readonly Rule[], sentences: Record<Source, string[]>, exclude: Set<string>): string | undefined {
  for (const rule of rules) {
    const list = sentences[rule.source];
    const order = rule.pick === 'last' ? [...list.keys()].reverse() : [...list.keys()];
    for (const i of order) {
      const s = list[i] as string;
      if (exclude.has(s) || !rule.cue.test(s) || rule.reject?.test(s)) continue;
      if (rule.headingNext && isHeading(s)) {
        const next = list[i + 1];
        if (next && !exclude.has(next)) return next;
        continue;
      }
      return s;
    }
  }
  return undefined;
}

/**
 * The description's background (before the summary) and summary (up to the drawings or the
 * detailed embodiments), where statements of problem, means and effect sit.
 */
export function descriptionParts(description: string): { background: string; summary: string } {
  const endAt = description.search(
    /具体实施方式|附图说明|实施例\s*\n|DETAILED DESCRIPTION|BRIEF DESCRIPTION OF (THE )?DRAWINGS/i,
  );
  const body = endAt > 0 ? description.slice(0, endAt) : description.slice(0, 20_000);
  const startAt = body.search(/发明内容|实用新型内容|SUMMARY|发明目的/i);
  if (startAt >= 0) return { background: body.slice(0, startAt), summary: body.slice(startAt) };
  const backgroundAt = body.search(/背景技术|BACKGROUND/i);
  // A background heading without a summary heading: all of it reads as background.
  return backgroundAt >= 0 ? { background: body, summary: '' } : { background: '', summary: body };
}

/** Whether a record's texts read as Chinese (more CJK characters than Latin letters). */
function isChinese(texts: PmeTexts): boolean {
  const sample = `${texts.abstract ?? ''}${texts.claims ?? ''}${texts.description ?? ''}`.slice(0, 2000);
  const cjk = sample.match(/[\u3400-\u9fff]/g)?.length ?? 0;
  const latin = sample.match(/[A-Za-z]/g)?.length ?? 0;
  return cjk > latin / 4;
}

/** The problem, means and effect sentences of a record, and the effect's categories. */
export function extractProblemMeansEffect(texts: PmeTexts): ProblemMeansEffect {
  const zh = isChinese(texts);
  const parts = descriptionParts(texts.description ?? '');
  const sentences: Record<Source, string[]> = {
    abstract: splitSentences(texts.abstract ?? ''),
    // The first claim only: the independent claim states the means.
    claims: splitSentences(texts.claims ?? '').slice(0, 1),
    background: splitSentences(parts.background),
    description: splitSentences(parts.summary),
  };
  const rules = zh ? ZH_RULES : EN_RULES;
  const used = new Set<string>();
  const problem = apply(rules.problem, sentences, used);
  if (problem) used.add(problem);
  const effect = apply(rules.effect, sentences, used);
  if (effect) used.add(effect);
  const means = apply(rules.means, sentences, used);
  return {
    ...(problem ? { problem: clip(problem) } : {}),
    ...(means ? { means: clip(means) } : {}),
    ...(effect ? { effect: clip(effect) } : {}),
    effectTerms: effect ? effectCategories(effect) : [],
  };
}

const CATEGORY_CUES: Record<EffectCategory, RegExp> = {
  efficiency:
    /效率|高效|快速|速度|耗时|时间短|短时间|产率|收率|回收率|efficien|faster|speed|throughput|quickly|rapid|yield/i,
  cost: /成本|低廉|价格|经济|费用|节约|cost|inexpensive|cheap|economic/i,
  safety: /安全|事故|风险|危险|safe|hazard|risk/i,
  accuracy: /精度|准确|精确|精准|误差|accura|precis|error/i,
  stability: /稳定|可靠|一致性|鲁棒|stabil|reliab|robust|consisten/i,
  performance: /性能|质量|强度|寿命|纯度|耐久|耐磨|品质|performance|quality|strength|durab|lifetime|life span|purity/i,
  energy: /能耗|节能|功耗|耗电|电量|energy|power consumption|battery life/i,
  environment: /环保|污染|绿色|排放|废水|废气|无毒|environment|pollut|emission|waste/i,
  convenience: /简单|简便|方便|便于|便捷|易于|容易|操作简|结构简|simple|simplif|convenien|easy|easier|ease of/i,
  experience: /体验|用户|舒适|美观|experience|comfort|user/i,
};

/** The effect terms (EFFECT_CATEGORIES) an effect sentence speaks of, in catalogue order. */
export function effectCategories(effect: string): EffectCategory[] {
  return EFFECT_CATEGORIES.filter((c) => CATEGORY_CUES[c].test(effect));
}
