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
import { normaliseSymbol, type SchemeStore, type SchemeTree } from './scheme.js';
import { matchTier, queryReadings } from './title-search.js';

const FIELD: Record<ClassificationScheme, 'IPC' | 'CPC'> = { ipc: 'IPC', cpc: 'CPC' };

/**
 * The classification browser (spec 1 §1): children, search and path of scheme symbols, each with the
 * number of our patents the result page shows for `IPC=<code>` (or `CPC=`). The count is that very
 * search, unmerged and unscoped like the result page's defaults, so a click lands on the same total.
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
    const tree = this.schemes.tree(scheme);
    if (code === undefined) {
      return { scheme, parent: null, children: await this.nodes(tree, tree.roots, lang) };
    }
    const index = this.find(tree, code);
    const node = tree.nodes[index]!;
    const [parent] = await this.nodes(tree, [index], lang);
    return { scheme, parent: parent!, children: await this.nodes(tree, node.children, lang) };
  }

  async path(scheme: ClassificationScheme, code: string, lang: Language): Promise<ClassificationPathResponse> {
    const tree = this.schemes.tree(scheme);
    const chain: number[] = [];
    for (let i = this.find(tree, code); i !== -1; i = tree.nodes[i]!.parent) chain.unshift(i);
    return { scheme, path: await this.nodes(tree, chain, lang) };
  }

  /**
   * A keyword that reads as a symbol finds the symbols starting with it, in scheme order. Otherwise the
   * nodes whose titles hold every word of it (title-search.ts): those whose own title holds them all
   * before those that need an ancestor's title, then higher levels first, then shorter titles (a title
   * about the words rather than one mentioning them), then scheme order.
   */
  async search(
    scheme: ClassificationScheme,
    keyword: string,
    limit: number,
    lang: Language,
  ): Promise<ClassificationSearchResponse> {
    const tree = this.schemes.tree(scheme);
    const prefix = normaliseSymbol(keyword.replace(/\/$/, ''));
    const bySymbol: number[] = [];
    if (prefix) tree.nodes.forEach((node, i) => node.code.startsWith(prefix) && bySymbol.push(i));
    const all = bySymbol.length > 0 ? bySymbol : this.searchTitles(scheme, keyword, lang);
    return { scheme, total: all.length, items: await this.nodes(tree, all.slice(0, limit), lang) };
  }

  /** Title matches, best first, under the first reading of the keyword that finds any. */
  private searchTitles(scheme: ClassificationScheme, keyword: string, lang: Language): number[] {
    const { tree, nodes, occursInChinese } = this.schemes.searchableTree(scheme);
    for (const query of queryReadings(keyword, occursInChinese)) {
      const hits: { i: number; tier: number; length: number }[] = [];
      for (let i = 0; i < nodes.length; i += 1) {
        const tier = matchTier(nodes, i, query);
        if (tier === undefined) continue;
        const node = tree.nodes[i]!;
        const shown = query.chinese.length > 0 || lang === 'zh' ? (node.titleZh ?? node.titleEn) : node.titleEn;
        hits.push({ i, tier, length: shown.length });
      }
      if (hits.length === 0) continue;
      hits.sort(
        (a, b) =>
          a.tier - b.tier || tree.nodes[a.i]!.depth - tree.nodes[b.i]!.depth || a.length - b.length || a.i - b.i,
      );
      return hits.map((h) => h.i);
    }
    return [];
  }

  private find(tree: SchemeTree, code: string): number {
    const normal = normaliseSymbol(code);
    const index = normal === undefined ? undefined : tree.byCode.get(normal);
    if (index === undefined)
      throw new AppError('CLASSIFICATION_CODE_NOT_FOUND', { code, scheme: tree.scheme.toUpperCase() });
    return index;
  }

  private async nodes(tree: SchemeTree, indices: readonly number[], lang: Language): Promise<ClassificationNode[]> {
    const field = FIELD[tree.scheme];
    return Promise.all(
      indices.map(async (i) => {
        const node = tree.nodes[i]!;
        const zh = lang === 'zh' ? node.titleZh : undefined;
        return {
          code: node.code,
          symbol: node.symbol,
          depth: node.depth,
          title: zh ?? node.titleEn,
          titleInLanguage: lang === 'en' || zh !== undefined,
          count: await this.engine.count(symbolTerm(field, node.code)),
          hasChildren: node.children.length > 0,
        };
      }),
    );
  }
}

/** `IPC=<code>` as the parser reads it (a classification term is a prefix match, H01M4 = H01M 4/xx). */
function symbolTerm(field: 'IPC' | 'CPC', code: string): TermNode {
  return { kind: 'Term', field, value: code, phrase: false, span: { start: 0, end: field.length + 1 + code.length } };
}
