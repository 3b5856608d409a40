import type { ForeignSyntaxResponse, ForeignSystemId, Language } from '@patlas/contracts';
import { translateForeign } from '@patlas/query';

export interface ForeignTranslationInput {
  text: string;
  system?: ForeignSystemId | undefined;
  lang: Language;
}

/**
 * The answer of POST /search/expression/foreign (issue 48 item 2, docs/foreign-syntax.md): the
 * pasted text recognised (or read as the forced system) and translated, its messages in the user's
 * language. Run on a CPU worker (cpu-tasks.ts `foreignTranslation`): a paste of 10,000 characters
 * took the HTTP thread 40–400 ms.
 */
export function foreignTranslationOf({ text, system, lang }: ForeignTranslationInput): ForeignSyntaxResponse {
  const result = translateForeign(text, system);
  if (!result) return { system: null, expression: text, changes: [], kept: [], unsupported: [] };
  return {
    system: result.system,
    expression: result.expression,
    changes: result.changes.map((c) => ({ from: c.from, to: c.to, message: lang === 'en' ? c.en : c.zh })),
    kept: [...result.kept],
    unsupported: result.unsupported.map((u) => ({ construct: u.construct, message: lang === 'en' ? u.en : u.zh })),
  };
}
