import type { Language } from '@patlas/contracts';

/**
 * docs/search-syntax.md is one file in two languages: a shared part (title, field table), then
 * `## 中文` and `## English`. The help page shows the shared part and the half of the UI
 * language; the in-page language links are dropped since the other half is not on screen.
 */
export function helpDocFor(markdown: string, lang: Language): string {
  const zhAt = markdown.search(/^## 中文\s*$/m);
  const enAt = markdown.search(/^## English\s*$/m);
  if (zhAt < 0 || enAt < 0) return markdown;
  const firstHalf = Math.min(zhAt, enAt);
  const shared = markdown.slice(0, firstHalf).replace(/^\[中文\]\(#中文\) · \[English\]\(#english\)\s*$/m, '');
  const half =
    zhAt < enAt
      ? lang === 'zh'
        ? markdown.slice(zhAt, enAt)
        : markdown.slice(enAt)
      : lang === 'en'
        ? markdown.slice(enAt, zhAt)
        : markdown.slice(zhAt);
  // The shared introduction has a paragraph per language; keep the one for the UI language.
  const sharedForLang = shared
    .split(/\n{2,}/)
    .filter((block) => {
      if (/^\s*(#|\|)/.test(block)) return true;
      // Short bilingual captions such as "类型 / Types:" belong to both.
      if (/^[^\n]{1,60} \/ [^\n]{1,60}$/.test(block.trim())) return true;
      const hasHan = /[\u4e00-\u9fff]/.test(block.replace(/`[^`]*`/g, ''));
      return lang === 'zh' ? hasHan : !hasHan;
    })
    .join('\n\n');
  return `${sharedForLang.trim()}\n\n${half.trim()}\n`;
}
