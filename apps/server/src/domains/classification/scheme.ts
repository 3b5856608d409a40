import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import type { ClassificationScheme } from '@patlas/contracts';
import { chineseText, englishWords, type SearchableNode } from './title-search.js';

/** One symbol of a scheme, in scheme order; `parent` and `children` are indices into `nodes`. */
export interface SchemeNode {
  /** The symbol a search uses: H, H01, H01M, H01M4 (main group), H01M4/52 (subgroup). */
  code: string;
  /** As the scheme prints it: H01M4/00 for a main group, otherwise `code`. */
  symbol: string;
  depth: number;
  titleEn: string;
  titleZh?: string;
  parent: number;
  children: number[];
}

export interface SchemeTree {
  scheme: ClassificationScheme;
  nodes: SchemeNode[];
  /** Indices of the sections. */
  roots: number[];
  byCode: Map<string, number>;
}

/** The scheme tree and what its title search looks at, node by node (built on the first search). */
export interface SearchableTree {
  tree: SchemeTree;
  nodes: SearchableNode[];
  /** Whether any Chinese title of the tree holds a text (query words are split by it). */
  occursInChinese: (text: string) => boolean;
}

/** data/scheme of the repository (this file is apps/server/{src,dist}/domains/classification/scheme.*). */
export const DEFAULT_SCHEME_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../data/scheme',
);

/** The derived files (data/scheme/README.md says where they come from and how they are made). */
export const CPC_FILE = 'cpc-2022.tsv.br';
/** The Chinese IPC titles of the CNIPA edition, IPC 2026.01: `symbol<TAB>title` rows. */
export const ZH_IPC_FILE = 'ipc-2026.01-zh.tsv.br';
/** Chinese titles entered by hand (CPC section Y), with a header row; they win over the table above. */
export const ZH_FILE = 'zh-titles.tsv';

/**
 * A symbol as users write it, in the compact form `code` uses: "h01m 4/00" → H01M4,
 * "H01M 4/52" → H01M4/52. Undefined when it cannot be a scheme symbol.
 */
export function normaliseSymbol(input: string): string | undefined {
  const s = input.toUpperCase().replace(/\s+/g, '');
  const m = /^([A-HY])(\d\d)?([A-Z])?(\d{1,4})?(?:\/(\d{2,6}))?$/.exec(s);
  if (!m) return undefined;
  const [, section, klass, subclass, group, sub] = m;
  // Each level needs the one above it (no H01M/52, no H4).
  if ((subclass && !klass) || (group && !subclass) || (sub && !group)) return undefined;
  const head = `${section}${klass ?? ''}${subclass ?? ''}${group ?? ''}`;
  if (!sub || /^0+$/.test(sub)) return head;
  return `${head}/${sub}`;
}

/** Main groups numbered 2000 and above are CPC's own indexing series, not IPC. */
function isCpcOnlyMainGroup(code: string): boolean {
  const m = /^[A-H]\d\d[A-Z](\d+)$/.exec(code);
  return m !== null && Number(m[1]) >= 2000;
}

interface Row {
  symbol: string;
  depth: number;
  title: string;
}

function readRows(dir: string): Row[] {
  const file = path.join(dir, CPC_FILE);
  const text = brotliDecompressSync(readFileSync(file)).toString('utf8');
  const rows: Row[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    const [symbol = '', depth = '', title = ''] = line.split('\t');
    rows.push({ symbol, depth: Number(depth), title });
  }
  return rows;
}

function readZhTitles(dir: string): Map<string, string> {
  const titles = new Map<string, string>();
  const add = (lines: string[]) => {
    for (const line of lines) {
      const [symbol, title] = line.split('\t');
      const code = symbol ? normaliseSymbol(symbol) : undefined;
      if (code && title?.trim()) titles.set(code, title.trim());
    }
  };
  const table = path.join(dir, ZH_IPC_FILE);
  if (existsSync(table)) add(brotliDecompressSync(readFileSync(table)).toString('utf8').split('\n'));
  const byHand = path.join(dir, ZH_FILE);
  if (existsSync(byHand)) add(readFileSync(byHand, 'utf8').split('\n').slice(1));
  return titles;
}

/**
 * Builds the tree of one scheme. CPC: every symbol of the CPC title list. IPC: the symbols IPC shares
 * with CPC down to main groups: sections A–H, classes, subclasses and main groups below 2000 (CPC's
 * subgroups include CPC-only ones and are left out, so the IPC tree ends at main groups).
 */
export function buildSchemeTree(
  scheme: ClassificationScheme,
  rows: readonly Row[],
  zh: Map<string, string>,
): SchemeTree {
  const nodes: SchemeNode[] = [];
  const roots: number[] = [];
  const byCode = new Map<string, number>();
  // The last node seen at each depth: a row's parent is the last one at a smaller depth.
  const open: number[] = [];
  for (const row of rows) {
    const code = normaliseSymbol(row.symbol);
    if (!code) continue;
    if (scheme === 'ipc' && (row.depth > 3 || code.startsWith('Y') || isCpcOnlyMainGroup(code))) continue;
    let parent = -1;
    for (let d = row.depth - 1; d >= 0; d -= 1) {
      const candidate = open[d];
      if (candidate !== undefined) {
        parent = candidate;
        break;
      }
    }
    const titleZh = zh.get(code);
    const index = nodes.length;
    nodes.push({
      code,
      symbol: row.symbol,
      depth: row.depth,
      titleEn: row.title,
      ...(titleZh ? { titleZh } : {}),
      parent,
      children: [],
    });
    open.length = row.depth;
    open[row.depth] = index;
    if (parent === -1) roots.push(index);
    else nodes[parent]!.children.push(index);
    if (!byCode.has(code)) byCode.set(code, index);
  }
  return { scheme, nodes, roots, byCode };
}

/** What the title search looks at in each node of a tree (englishWords of both titles, chineseText). */
export function searchableTree(tree: SchemeTree): SearchableTree {
  const nodes = tree.nodes.map((node) => ({
    parent: node.parent,
    en: englishWords(node.titleZh ? `${node.titleEn} ${node.titleZh}` : node.titleEn),
    zh: node.titleZh ? chineseText(node.titleZh) : '',
  }));
  const allChinese = nodes.map((n) => n.zh).join('\n');
  return { tree, nodes, occursInChinese: (text) => allChinese.includes(text) };
}

/** The trees, each built from the files in `dir` on its first use and kept; their search fields likewise. */
export class SchemeStore {
  private readonly trees = new Map<ClassificationScheme, SchemeTree>();
  private readonly searchable = new Map<ClassificationScheme, SearchableTree>();

  constructor(private readonly dir: string = DEFAULT_SCHEME_DIR) {}

  tree(scheme: ClassificationScheme): SchemeTree {
    let tree = this.trees.get(scheme);
    if (!tree) {
      tree = buildSchemeTree(scheme, readRows(this.dir), readZhTitles(this.dir));
      this.trees.set(scheme, tree);
    }
    return tree;
  }

  searchableTree(scheme: ClassificationScheme): SearchableTree {
    let searchable = this.searchable.get(scheme);
    if (!searchable) {
      searchable = searchableTree(this.tree(scheme));
      this.searchable.set(scheme, searchable);
    }
    return searchable;
  }
}
