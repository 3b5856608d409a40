/**
 * Company name normalisation (docs/companies.md). Two names are the same company only when they
 * differ in what carries no meaning: character width (`（` / `(`, `Ａ` / `A`), spacing, case,
 * punctuation, and the spelling of an English legal form (`Co., Ltd.`, `CO LTD`, `Company Limited`).
 * A different legal form (`有限公司` / `股份有限公司`, `Inc.` / `LLC`) or any other word keeps two
 * names apart: they may be different legal entities, and grouping them would be a guess.
 */

/** English legal-form words, written out or abbreviated, as one spelling. */
const LEGAL_WORDS: readonly [RegExp, string][] = [
  [/\bcompany\b/g, 'co'],
  [/\blimited\b/g, 'ltd'],
  [/\bcorporation\b/g, 'corp'],
  [/\bincorporated\b/g, 'inc'],
  [/\bkabushiki\s+kaisha\b/g, 'kk'],
  [/\baktiengesellschaft\b/g, 'ag'],
  [/\bgesellschaft\s+mit\s+beschr(?:ä|ae)nkter\s+haftung\b/g, 'gmbh'],
];

/** The key two names of one company share: NFKC, lower case, legal words in one spelling, no spaces or punctuation. */
export function companyKey(name: string): string {
  let text = name.normalize('NFKC').toLowerCase();
  // `Co.,Ltd` and `Co., Ltd.` read as words once dots and commas are spaces.
  text = text.replace(/[.,;:·•'’"“”]/g, ' ');
  for (const [pattern, short] of LEGAL_WORDS) text = text.replace(pattern, short);
  return text.replace(/[\s()[\]{}<>《》【】〔〕\-_/\\&+＆]/g, '');
}

/** Whether a name contains the typed text, width, case, spacing and punctuation aside. */
export function nameContains(name: string, typed: string): boolean {
  const needle = looseText(typed);
  return needle.length > 0 && looseText(name).includes(needle);
}

function looseText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s.,;:·•'’"“”()[\]{}<>《》【】〔〕\-_/\\&+]/g, '');
}

/** A name inside a quoted phrase of an expression: the language has no escape for `"`, and the filters are exact anyway. */
export function phraseOf(name: string): string {
  return `"${name.replace(/"/g, ' ').replace(/\s+/g, ' ').trim()}"`;
}
