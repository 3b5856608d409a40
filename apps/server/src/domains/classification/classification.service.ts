import type {
  ClassificationChildrenResponse,
  ClassificationNode,
  ClassificationPathResponse,
  ClassificationScheme,
  ClassificationSearchResponse,
  Language,
} from '@patlas/contracts';
import type { SearchEngine } from '@patlas/engine';
import type { TermNode } from '@patlas/query';
import { AppError } from '../../errors.js';
import type { SchemeAnswer, SchemeEntry } from './scheme-queries.js';
import type { SchemeStore } from './scheme-store.js';

const FIELD: Record<ClassificationScheme, 'IPC' | 'CPC'> = { ipc: 'IPC', cpc: 'CPC' };

/**
 * The classification browser (spec 1 §1): children, search and path of scheme symbols, each with the
 * number of our patents the result page shows for `IPC=<code>` (or `CPC=`). The count is that very
 * search, unmerged and unscoped like the result page's defaults, so a click lands on the same total.
 * The trees and their search live on the scheme worker (scheme-store.ts); this adds titles and counts.
 */
export class ClassificationService {
  constructor(
    private readonly schemes: SchemeStore,
    private readonly engine: SearchEngine,
  ) {}

  async children(
    scheme: ClassificationScheme,
    code: string | undefined,
    lang: Language,
  ): Promise<ClassificationChildrenResponse> {
    const answer = found(
      await this.schemes.query({ op: 'children', scheme, ...(code === undefined ? {} : { code }) }),
      scheme,
      code,
    );
    if (!('children' in answer)) throw new Error('scheme worker: not a children answer');
    const [parent] = answer.parent ? await this.nodes(scheme, [answer.parent], lang) : [null];
    return { scheme, parent: parent ?? null, children: await this.nodes(scheme, answer.children, lang) };
  }

  async path(scheme: ClassificationScheme, code: string, lang: Language): Promise<ClassificationPathResponse> {
    const answer = found(await this.schemes.query({ op: 'path', scheme, code }), scheme, code);
    if (!('path' in answer)) throw new Error('scheme worker: not a path answer');
    return { scheme, path: await this.nodes(scheme, answer.path, lang) };
  }

  /** Symbols starting with the keyword, or title matches in either language (scheme-queries.ts). */
  async search(
    scheme: ClassificationScheme,
    keyword: string,
    limit: number,
    lang: Language,
  ): Promise<ClassificationSearchResponse> {
    const answer = found(await this.schemes.query({ op: 'search', scheme, keyword, limit, lang }), scheme, keyword);
    if (!('items' in answer)) throw new Error('scheme worker: not a search answer');
    return { scheme, total: answer.total, items: await this.nodes(scheme, answer.items, lang) };
  }

  private async nodes(
    scheme: ClassificationScheme,
    entries: readonly SchemeEntry[],
    lang: Language,
  ): Promise<ClassificationNode[]> {
    const field = FIELD[scheme];
    return Promise.all(
      entries.map(async (entry) => {
        const inLanguage = lang === 'zh' ? entry.titleZh : entry.titleEn;
        return {
          code: entry.code,
          symbol: entry.symbol,
          depth: entry.depth,
          title: inLanguage ?? entry.titleEn ?? entry.titleZh ?? '',
          titleInLanguage: inLanguage !== undefined,
          count: await this.engine.count(symbolTerm(field, entry.code)),
          hasChildren: entry.hasChildren,
        };
      }),
    );
  }
}

function found(
  answer: SchemeAnswer,
  scheme: ClassificationScheme,
  code: string | undefined,
): Exclude<SchemeAnswer, { found: false }> {
  if (!answer.found)
    throw new AppError('CLASSIFICATION_CODE_NOT_FOUND', { code: code ?? '', scheme: scheme.toUpperCase() });
  return answer;
}

/** `IPC=<code>` as the parser reads it (a classification term is a prefix match, H01M4 = H01M 4/xx). */
function symbolTerm(field: 'IPC' | 'CPC', code: string): TermNode {
  return { kind: 'Term', field, value: code, phrase: false, span: { start: 0, end: field.length + 1 + code.length } };
}
