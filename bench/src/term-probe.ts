import type { Patent } from '@patlas/contracts';
import type { CorpusStats } from './stats-types.js';

export interface ProbeResult {
  term: string;
  lang: 'zh' | 'en';
  /** share of generated records of that language with title/abstract/claims text that contain the term */
  fraction: number;
  /** the term's hit fraction in the real sources (measured for the probe list, else its token document frequency) */
  realDf?: number;
}

/**
 * Counts how many generated records a term query would hit (substring for Chinese, whole word for English) and
 * sets it beside the term's document frequency in the real sources, to check the generator's realism.
 */
export class TermProbe {
  private readonly hits: number[];
  private readonly docs = { zh: 0, en: 0 };
  private readonly matchers: { term: string; lang: 'zh' | 'en'; test: (text: string) => boolean }[];

  constructor(
    terms: string[],
    private readonly stats: CorpusStats,
  ) {
    this.matchers = terms.map((term) => {
      const lang = /\p{Script=Han}/u.test(term) ? 'zh' : 'en';
      if (lang === 'zh') return { term, lang, test: (t: string) => t.includes(term) };
      const re = new RegExp(`\\b${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i');
      return { term, lang, test: (t: string) => re.test(t) };
    });
    this.hits = terms.map(() => 0);
  }

  add(p: Patent): void {
    const text = [p.title?.text, p.abstract?.text, p.claims?.text].filter(Boolean).join('\n');
    if (!text) return;
    const lang = p.country === 'CN' ? 'zh' : 'en';
    this.docs[lang]++;
    this.matchers.forEach((m, i) => {
      if (m.lang === lang && m.test(text)) this.hits[i] = (this.hits[i] ?? 0) + 1;
    });
  }

  results(): ProbeResult[] {
    return this.matchers.map((m, i) => {
      const s = this.stats[m.lang];
      const at = s.vocab.values.indexOf(m.term.toLowerCase());
      const df = at >= 0 ? (s.vocab.df[at] ?? 0) / s.textDocs : undefined;
      return {
        term: m.term,
        lang: m.lang,
        fraction: this.docs[m.lang] ? (this.hits[i] ?? 0) / this.docs[m.lang] : 0,
        realDf: s.probes[m.term] ?? df,
      };
    });
  }
}
