import { MAX_CROSS_LANGUAGE_TERMS, type CrossLanguageNote } from '@patlas/contracts';
import { getFieldById, makeOr, type QueryNode, type TermNode } from '@patlas/query';

/**
 * What cross-language search asks of the translation service (the translation domain's
 * TermTranslator, given by composition/search.ts): each word into `target`, within its own time
 * limit; undefined for a word without a usable translation by then.
 */
export interface QueryTermTranslator {
  readonly configured: boolean;
  translate(
    requests: readonly { term: string; target: 'zh' | 'en' }[],
  ): Promise<{ translations: (string | undefined)[]; timedOut: boolean }>;
}

const HAN = /\p{Script=Han}/u;
const LATIN = /\p{Script=Latin}/u;

/** Chinese words into English, English words into Chinese; other words (numbers, codes) are not translated. */
function targetOf(value: string): 'zh' | 'en' | undefined {
  if (HAN.test(value)) return 'en';
  if (LATIN.test(value) && /\p{L}{2}/u.test(value)) return 'zh';
  return undefined;
}

/** Words searched as text (a text field or the default field), without wildcards: those a translation can stand beside. */
function translatable(term: TermNode): boolean {
  if (term.field !== null && getFieldById(term.field)?.group !== 'text') return false;
  return !/[*?]/.test(term.value) && targetOf(term.value) !== undefined;
}

function termsOf(node: QueryNode, out: TermNode[] = []): TermNode[] {
  if (node.kind === 'Term') out.push(node);
  else if (node.kind === 'And' || node.kind === 'Or') for (const child of node.children) termsOf(child, out);
  else if (node.kind === 'Not') termsOf(node.child, out);
  // Proximity (W/n, N/n, S, P) relates two words of one text: left as written.
  return out;
}

function replaceTerms(node: QueryNode, replace: (term: TermNode) => QueryNode): QueryNode {
  switch (node.kind) {
    case 'Term':
      return replace(node);
    case 'And':
    case 'Or':
      return { ...node, children: node.children.map((child) => replaceTerms(child, replace)) };
    case 'Not':
      return { ...node, child: replaceTerms(node.child, replace) };
    default:
      return node;
  }
}

/**
 * Issue 43: the search with each word searched as text ORed with its translation, in the same
 * field (`TI=电池` → `TI=(电池 OR battery)`; a translation of several words is a phrase), and the
 * note of what was added. At most MAX_CROSS_LANGUAGE_TERMS distinct words are translated.
 */
export async function crossLanguageSearch(
  ast: QueryNode,
  translator: QueryTermTranslator,
): Promise<{ ast: QueryNode; note: CrossLanguageNote }> {
  const words = [
    ...new Set(
      termsOf(ast)
        .filter(translatable)
        .map((term) => term.value),
    ),
  ].slice(0, MAX_CROSS_LANGUAGE_TERMS);
  if (words.length === 0) return { ast, note: { terms: [], untranslated: [], timedOut: false } };
  const requests = words.map((term) => ({ term, target: targetOf(term)! }));
  const { translations, timedOut } = await translator.translate(requests);
  const found = new Map<string, string>();
  words.forEach((word, i) => {
    const translation = translations[i];
    if (translation) found.set(word, translation);
  });
  const rewritten = replaceTerms(ast, (term) => {
    const translation = found.get(term.value);
    if (!translation || !translatable(term)) return term;
    const added: TermNode = { ...term, value: translation, phrase: /\s/.test(translation) };
    return makeOr([term, added]);
  });
  return {
    ast: rewritten,
    note: {
      terms: requests.flatMap(({ term, target }) => {
        const translation = found.get(term);
        return translation ? [{ term, translation, language: target }] : [];
      }),
      untranslated: words.filter((word) => !found.has(word)),
      timedOut,
    },
  };
}
