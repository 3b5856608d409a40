import type { ClassificationScheme, Language } from '@patlas/contracts';
import { loadSchemeTree, normaliseSymbol, readSections, type SchemeTree, type SearchableTree } from './scheme.js';
import type * as TitleSearchModule from './title-search.js';

/** The title search and its word analysis (the engine's jieba and stemmer): loaded on the first search only. */
type TitleSearch = typeof TitleSearchModule;
let titleSearch: Promise<TitleSearch> | undefined;
const loadTitleSearch = (): Promise<TitleSearch> => (titleSearch ??= import('./title-search.js'));

/** A node as a query answers it (the service adds the title in the caller's language and the count). */
export interface SchemeEntry {
  code: string;
  symbol: string;
  depth: number;
  titleEn?: string;
  titleZh?: string;
  hasChildren: boolean;
}

export type SchemeQuery =
  | { op: 'children'; scheme: ClassificationScheme; code?: string }
  | { op: 'path'; scheme: ClassificationScheme; code: string }
  | { op: 'search'; scheme: ClassificationScheme; keyword: string; limit: number; lang: Language }
  /** Reads a scheme's sections ahead, without building its tree (the other tab of the page). */
  | { op: 'sections'; scheme: ClassificationScheme };

/** `undefined` (a symbol not in the scheme) or the query's answer. */
export type SchemeAnswer =
  | { found: false }
  | { found: true; parent: SchemeEntry | null; children: SchemeEntry[] }
  | { found: true; path: SchemeEntry[] }
  | { found: true; total: number; items: SchemeEntry[] };

/**
 * The scheme trees of `dir` and their queries, each tree built on its first use and kept; its title
 * search fields likewise. Runs on the scheme worker (scheme-worker.ts): building CPC takes seconds.
 */
export class SchemeIndex {
  private readonly trees = new Map<ClassificationScheme, SchemeTree>();
  private readonly searchables = new Map<ClassificationScheme, SearchableTree>();
  private readonly sectionLists = new Map<ClassificationScheme, SchemeEntry[]>();
  /** The schemes asked about: only those are built ahead (warmStep). */
  private readonly used = new Set<ClassificationScheme>();

  constructor(private readonly dir: string) {}

  tree(scheme: ClassificationScheme): SchemeTree {
    this.used.add(scheme);
    let tree = this.trees.get(scheme);
    if (!tree) {
      tree = loadSchemeTree(scheme, this.dir);
      this.trees.set(scheme, tree);
    }
    return tree;
  }

  async searchable(scheme: ClassificationScheme): Promise<SearchableTree> {
    let searchable = this.searchables.get(scheme);
    if (!searchable) {
      const { searchableTree } = await loadTitleSearch();
      searchable = this.searchables.get(scheme) ?? searchableTree(this.tree(scheme));
      this.searchables.set(scheme, searchable);
    }
    return searchable;
  }

  /**
   * Builds the next thing a scheme in use lacks (its tree, then its title search fields): the worker
   * calls it between queries, so that the first click below the sections and the first search find
   * them built. False when there is nothing left to build.
   */
  async warmStep(): Promise<boolean> {
    for (const scheme of this.used) {
      if (!this.trees.has(scheme)) return this.tree(scheme) !== undefined;
    }
    for (const scheme of this.used) {
      if (!this.searchables.has(scheme)) return (await this.searchable(scheme)) !== undefined;
    }
    return false;
  }

  async run(query: SchemeQuery): Promise<SchemeAnswer> {
    switch (query.op) {
      case 'children':
        return this.children(query.scheme, query.code);
      case 'path':
        return this.path(query.scheme, query.code);
      case 'search':
        return this.search(query.scheme, query.keyword, query.limit, query.lang);
      case 'sections':
        return { found: true, parent: null, children: this.sections(query.scheme) };
    }
  }

  private sections(scheme: ClassificationScheme): SchemeEntry[] {
    let sections = this.sectionLists.get(scheme);
    if (!sections) {
      sections = readSections(scheme, this.dir).map((s) => ({ ...s, hasChildren: true }));
      this.sectionLists.set(scheme, sections);
    }
    return sections;
  }

  children(scheme: ClassificationScheme, code: string | undefined): SchemeAnswer {
    if (code === undefined && !this.trees.has(scheme)) {
      // The first level a user sees, before the tree is built (it is built next, by warmStep).
      this.used.add(scheme);
      return {
        found: true,
        parent: null,
        children: this.sections(scheme),
      };
    }
    const tree = this.tree(scheme);
    if (code === undefined) return { found: true, parent: null, children: entries(tree, tree.roots) };
    const index = find(tree, code);
    if (index === undefined) return { found: false };
    return { found: true, parent: entries(tree, [index])[0]!, children: entries(tree, tree.nodes[index]!.children) };
  }

  path(scheme: ClassificationScheme, code: string): SchemeAnswer {
    const tree = this.tree(scheme);
    const chain: number[] = [];
    const index = find(tree, code);
    if (index === undefined) return { found: false };
    for (let i = index; i !== -1; i = tree.nodes[i]!.parent) chain.unshift(i);
    return { found: true, path: entries(tree, chain) };
  }

  /**
   * A keyword that reads as a symbol finds the symbols starting with it, in scheme order. Otherwise the
   * nodes whose titles hold every word of it (title-search.ts): those whose own title holds them all
   * before those that need an ancestor's title, then higher levels first, then shorter titles (a title
   * about the words rather than one mentioning them), then scheme order.
   */
  async search(scheme: ClassificationScheme, keyword: string, limit: number, lang: Language): Promise<SchemeAnswer> {
    const tree = this.tree(scheme);
    const prefix = normaliseSymbol(keyword.trim().replace(/\/$/, ''));
    const bySymbol: number[] = [];
    if (prefix) {
      // A main group written as one (G06F3/00, G06F 3/) is that group and its subgroups, not G06F30.
      const isGroup = /^[A-H]\d\d[A-Z]\d+$/.test(prefix) && /\/0*$/.test(keyword.trim());
      tree.nodes.forEach((node, i) => {
        const under = isGroup
          ? node.code === prefix || node.code.startsWith(`${prefix}/`)
          : node.code.startsWith(prefix);
        if (under) bySymbol.push(i);
      });
    }
    const all = bySymbol.length > 0 ? bySymbol : await this.searchTitles(scheme, keyword, lang);
    return { found: true, total: all.length, items: entries(tree, all.slice(0, limit)) };
  }

  /** Title matches, best first, under the first reading of the keyword that finds any. */
  private async searchTitles(scheme: ClassificationScheme, keyword: string, lang: Language): Promise<number[]> {
    const { matchTier, queryReadings } = await loadTitleSearch();
    const { tree, nodes, occursInChinese } = await this.searchable(scheme);
    for (const query of queryReadings(keyword, occursInChinese)) {
      const hits: { i: number; tier: number; length: number }[] = [];
      for (let i = 0; i < nodes.length; i += 1) {
        const tier = matchTier(nodes, i, query);
        if (tier === undefined) continue;
        const node = tree.nodes[i]!;
        const shown =
          query.chinese.length > 0 || lang === 'zh'
            ? (node.titleZh ?? node.titleEn ?? '')
            : (node.titleEn ?? node.titleZh ?? '');
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
}

function find(tree: SchemeTree, code: string): number | undefined {
  const normal = normaliseSymbol(code);
  return normal === undefined ? undefined : tree.byCode.get(normal);
}

function entries(tree: SchemeTree, indices: readonly number[]): SchemeEntry[] {
  return indices.map((i) => {
    const node = tree.nodes[i]!;
    return {
      code: node.code,
      symbol: node.symbol,
      depth: node.depth,
      ...(node.titleEn ? { titleEn: node.titleEn } : {}),
      ...(node.titleZh ? { titleZh: node.titleZh } : {}),
      hasChildren: node.children.length > 0,
    };
  });
}
