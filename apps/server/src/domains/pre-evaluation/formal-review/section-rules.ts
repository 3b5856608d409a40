import type { ApplicationSection, ApplicationText, Bilingual } from '@patlas/contracts';
import {
  ABSTRACT_MAX_EN_WORDS,
  ABSTRACT_MAX_ZH,
  HAN,
  TITLE_HARD_MAX_ZH,
  TITLE_MAX_EN,
  TITLE_MAX_ZH,
  countWords,
  countZhUnits,
  foldWidth,
  isChineseText,
  tokensOf,
  type Findings,
} from './review-kit.js';
import {
  GENERIC_TITLES,
  TITLE_VAGUE_EN,
  TITLE_VAGUE_PHRASES_ZH,
  TITLE_VAGUE_WORDS_ZH,
  TRADEMARK_MARKS,
} from './word-lists.js';

// Rules of whole sections: none empty, the title's length and wording, the abstract's length.

const SECTION_NAMES: Record<ApplicationSection, Bilingual> = {
  title: { zh: '发明名称', en: 'title' },
  abstract: { zh: '摘要', en: 'abstract' },
  claims: { zh: '权利要求书', en: 'claims' },
  description: { zh: '说明书', en: 'description' },
};

export function checkEmptySections(text: ApplicationText, findings: Findings): void {
  for (const section of ['title', 'abstract', 'claims', 'description'] as const) {
    if (text[section].trim() !== '') continue;
    const name = SECTION_NAMES[section];
    findings.add(
      'section-empty',
      'error',
      { zh: `${name.zh}为空`, en: `The ${name.en} is empty` },
      { section, start: 0, end: text[section].length },
    );
  }
}

/** The title's length and wording; returns its length (字 when Chinese, characters otherwise). */
export function checkTitle(title: string, findings: Findings): number {
  const trimmed = title.trim();
  if (trimmed === '') return 0;
  const offset = title.indexOf(trimmed);
  const chinese = HAN.test(trimmed);
  const whole = { section: 'title' as const, start: offset, end: offset + trimmed.length };
  const length = chinese
    ? checkTitleLengthZh(trimmed, offset, findings)
    : checkTitleLengthEn(trimmed, offset, findings);
  for (const m of title.matchAll(TRADEMARK_MARKS)) {
    findings.add(
      'title-wording',
      'error',
      {
        zh: `发明名称不得含有商标（${m[0]}）`,
        en: `The title must not contain a trademark (${m[0]})`,
      },
      { section: 'title', start: m.index, end: m.index + m[0].length },
    );
  }
  if (chinese) checkTitleWordingZh(title, findings);
  else checkTitleWordingEn(title, findings);
  const bare = foldWidth(trimmed)
    .toLowerCase()
    .replace(/^(?:一种|a |an |the )/, '')
    .replace(/[\s\p{P}]/gu, '');
  if (GENERIC_TITLES.has(bare)) {
    findings.add(
      'title-wording',
      'warning',
      {
        zh: '发明名称仅使用笼统的词语，未给出任何发明信息',
        en: 'The title is a generic word only and says nothing of the invention',
      },
      whole,
    );
  }
  return length;
}

function checkTitleLengthZh(trimmed: string, offset: number, findings: Findings): number {
  const { count, excessStart } = countZhUnits(trimmed, TITLE_MAX_ZH);
  if (count > TITLE_MAX_ZH) {
    const hard = count > TITLE_HARD_MAX_ZH;
    findings.add(
      'title-length',
      hard ? 'error' : 'warning',
      hard
        ? {
            zh: `发明名称 ${count} 个字，超过 ${TITLE_HARD_MAX_ZH} 个字（一般不超过 ${TITLE_MAX_ZH} 个字，化学等特殊领域最多 ${TITLE_HARD_MAX_ZH} 个字）`,
            en: `The title has ${count} characters, over ${TITLE_HARD_MAX_ZH} (${TITLE_MAX_ZH} as a rule, at most ${TITLE_HARD_MAX_ZH} in fields such as chemistry)`,
          }
        : {
            zh: `发明名称 ${count} 个字，一般不得超过 ${TITLE_MAX_ZH} 个字（化学等特殊领域可至 ${TITLE_HARD_MAX_ZH} 个字）`,
            en: `The title has ${count} characters; it should not exceed ${TITLE_MAX_ZH} (up to ${TITLE_HARD_MAX_ZH} in fields such as chemistry)`,
          },
      { section: 'title', start: offset + (excessStart ?? 0), end: offset + trimmed.length },
    );
  }
  return count;
}

function checkTitleLengthEn(trimmed: string, offset: number, findings: Findings): number {
  const length = trimmed.length;
  if (length > TITLE_MAX_EN) {
    findings.add(
      'title-length',
      'error',
      {
        zh: `发明名称 ${length} 个字符，超过 ${TITLE_MAX_EN} 个字符`,
        en: `The title has ${length} characters, over ${TITLE_MAX_EN}`,
      },
      { section: 'title', start: offset + TITLE_MAX_EN, end: offset + trimmed.length },
    );
  }
  return length;
}

/** Trade names (X牌) and vague or promotional words and phrases in a Chinese title. */
function checkTitleWordingZh(title: string, findings: Findings): void {
  const tokens = tokensOf(title);
  tokens.forEach((token, i) => {
    const previous = tokens[i - 1];
    if (token.word === '牌' && previous && HAN.test(previous.word)) {
      findings.add(
        'title-wording',
        'error',
        {
          zh: `发明名称不得含有商标或商品名称（${previous.word}牌）`,
          en: `The title must not contain a trademark or trade name (${previous.word}牌)`,
        },
        { section: 'title', start: previous.start, end: token.end },
      );
    }
    const vague = TITLE_VAGUE_WORDS_ZH.find((v) => v.word === token.word);
    const next = tokens[i + 1]?.word ?? '';
    if (vague && !vague.unless?.includes(next) && (vague.before === undefined || next === vague.before)) {
      findings.add(
        'title-wording',
        'warning',
        {
          zh: `发明名称不宜使用含糊或宣传性的词语（${token.word}）`,
          en: `The title should not use vague or promotional words (${token.word})`,
        },
        { section: 'title', start: token.start, end: token.end },
      );
    }
  });
  for (const phrase of TITLE_VAGUE_PHRASES_ZH) {
    for (let at = title.indexOf(phrase); at >= 0; at = title.indexOf(phrase, at + phrase.length)) {
      findings.add(
        'title-wording',
        'warning',
        {
          zh: `发明名称不得使用含糊的词语（${phrase}）`,
          en: `The title must not use vague words (${phrase})`,
        },
        { section: 'title', start: at, end: at + phrase.length },
      );
    }
  }
}

function checkTitleWordingEn(title: string, findings: Findings): void {
  for (const m of title.matchAll(TITLE_VAGUE_EN)) {
    findings.add(
      'title-wording',
      'warning',
      {
        zh: `发明名称不宜使用含糊或宣传性的词语（${m[0]}）`,
        en: `The title should not use vague or promotional words (${m[0]})`,
      },
      { section: 'title', start: m.index, end: m.index + m[0].length },
    );
  }
}

export function checkAbstract(abstract: string, findings: Findings): { length: number; unit: 'chars' | 'words' } {
  if (abstract.trim() === '') return { length: 0, unit: 'chars' };
  if (isChineseText(abstract)) {
    const { count, excessStart } = countZhUnits(abstract, ABSTRACT_MAX_ZH);
    if (count > ABSTRACT_MAX_ZH) {
      findings.add(
        'abstract-length',
        'error',
        {
          zh: `摘要文字部分 ${count} 个字，不得超过 ${ABSTRACT_MAX_ZH} 个字（含标点，不计空白）`,
          en: `The abstract has ${count} characters; at most ${ABSTRACT_MAX_ZH} are allowed (punctuation counted, whitespace not)`,
        },
        { section: 'abstract', start: excessStart ?? 0, end: abstract.trimEnd().length },
      );
    }
    return { length: count, unit: 'chars' };
  }
  const { count, excessStart } = countWords(abstract, ABSTRACT_MAX_EN_WORDS);
  if (count > ABSTRACT_MAX_EN_WORDS) {
    findings.add(
      'abstract-length',
      'warning',
      {
        zh: `摘要 ${count} 个单词，不应超过 ${ABSTRACT_MAX_EN_WORDS} 个单词`,
        en: `The abstract has ${count} words; it should not exceed ${ABSTRACT_MAX_EN_WORDS}`,
      },
      { section: 'abstract', start: excessStart ?? 0, end: abstract.trimEnd().length },
    );
  }
  return { length: count, unit: 'words' };
}
