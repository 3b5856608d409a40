import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import type { ClassificationScheme } from '@patlas/contracts';
import type { SearchableNode } from './title-search.js';

/** One symbol of a scheme, in scheme order; `parent` and `children` are indices into `nodes`. */
export interface SchemeNode {
  /** The symbol a search uses: H, H01, H01M, H01M4 (main group), H01M4/52 (subgroup). */
  code: string;
  /** As the scheme prints it: H01M4/00 for a main group, otherwise `code`. */
  symbol: string;
  depth: number;
  /** Every node has an English or a Chinese title, most have both. */
  titleEn?: string;
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
/**
 * The IPC scheme down to subgroups, IPC 2026.01 (the CNIPA Chinese edition) with the WIPO 2023.01 groups:
 * `symbol<TAB>depth<TAB>title_zh<TAB>title_en` rows in scheme order (either title may be empty).
 */
export const IPC_FILE = 'ipc-2026.01.tsv.br';
/** Chinese titles entered by hand (CPC section Y), with a header row; they win over the IPC file's. */
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

/** The `code` of a symbol as the derived files write it (H01M4/00 → H01M4): no regular expression per row. */
function codeOf(symbol: string): string {
  return symbol.endsWith('/00') ? symbol.slice(0, -3) : symbol;
}

export interface SchemeRow {
  symbol: string;
  depth: number;
  titleEn?: string;
  titleZh?: string;
}

function lines(file: string): string[] {
  return brotliDecompressSync(readFileSync(file)).toString('utf8').split('\n');
}

/** The IPC file's rows, titles in both languages. */
export function readIpcRows(dir: string): SchemeRow[] {
  const rows: SchemeRow[] = [];
  for (const line of lines(path.join(dir, IPC_FILE))) {
    if (!line) continue;
    const [symbol = '', depth = '', titleZh = '', titleEn = ''] = line.split('\t');
    const row: SchemeRow = { symbol, depth: Number(depth) };
    if (titleZh) row.titleZh = titleZh;
    if (titleEn) row.titleEn = titleEn;
    rows.push(row);
  }
  return rows;
}

/** The CPC list's rows (English titles). */
export function readCpcRows(dir: string): SchemeRow[] {
  const rows: SchemeRow[] = [];
  for (const line of lines(path.join(dir, CPC_FILE))) {
    if (!line) continue;
    const [symbol = '', depth = '', title = ''] = line.split('\t');
    rows.push({ symbol, depth: Number(depth), titleEn: title });
  }
  return rows;
}

/**
 * The Chinese titles by code: the IPC file's (the CNIPA edition), then the ones entered by hand. CPC
 * symbols that IPC shares get these titles.
 */
export function readZhTitles(dir: string, ipcRows: readonly SchemeRow[] = readIpcRows(dir)): Map<string, string> {
  const titles = new Map<string, string>();
  for (const row of ipcRows) if (row.titleZh) titles.set(codeOf(row.symbol), row.titleZh);
  const byHand = path.join(dir, ZH_FILE);
  if (existsSync(byHand)) {
    for (const line of readFileSync(byHand, 'utf8').split('\n').slice(1)) {
      const [symbol, title] = line.split('\t');
      const code = symbol ? normaliseSymbol(symbol) : undefined;
      if (code && title?.trim()) titles.set(code, title.trim());
    }
  }
  return titles;
}

/** The tree of one scheme from the files in `dir`: IPC from its own file, CPC from the CPC list. */
export function loadSchemeTree(scheme: ClassificationScheme, dir: string): SchemeTree {
  const ipcRows = readIpcRows(dir);
  const zh = readZhTitles(dir, ipcRows);
  return buildSchemeTree(scheme, scheme === 'ipc' ? ipcRows : readCpcRows(dir), zh);
}

/**
 * Builds the tree of one scheme from its rows in scheme order: a row's parent is the last row before
 * it at a smaller depth (sections 0, classes 1, subclasses 2, main groups 3, subgroups 3 + dots).
 * `zh` gives the Chinese title of a code, over the row's own.
 */
export function buildSchemeTree(
  scheme: ClassificationScheme,
  rows: readonly SchemeRow[],
  zh: Map<string, string>,
): SchemeTree {
  const nodes: SchemeNode[] = [];
  const roots: number[] = [];
  const byCode = new Map<string, number>();
  // The last node seen at each depth.
  const open: number[] = [];
  for (const row of rows) {
    const code = codeOf(row.symbol);
    let parent = -1;
    for (let d = row.depth - 1; d >= 0; d -= 1) {
      const candidate = open[d];
      if (candidate !== undefined) {
        parent = candidate;
        break;
      }
    }
    const titleZh = zh.get(code) ?? row.titleZh;
    const index = nodes.length;
    const node: SchemeNode = { code, symbol: row.symbol, depth: row.depth, parent, children: [] };
    if (row.titleEn) node.titleEn = row.titleEn;
    if (titleZh) node.titleZh = titleZh;
    nodes.push(node);
    open.length = row.depth;
    open[row.depth] = index;
    if (parent === -1) roots.push(index);
    else nodes[parent]!.children.push(index);
    if (!byCode.has(code)) byCode.set(code, index);
  }
  return { scheme, nodes, roots, byCode };
}

/** The depth-0 rows of a derived file, found in its bytes (no 17 MB string, no split): `\t0\t` is only in them. */
function sectionLines(file: string): string[][] {
  const bytes = brotliDecompressSync(readFileSync(file));
  const found: string[][] = [];
  for (let at = bytes.indexOf('\t0\t'); at !== -1; at = bytes.indexOf('\t0\t', at + 3)) {
    const start = bytes.lastIndexOf(10, at) + 1;
    const end = bytes.indexOf(10, at);
    found.push(bytes.toString('utf8', start, end === -1 ? bytes.length : end).split('\t'));
  }
  return found;
}

/**
 * The sections of a scheme without building its tree (the first level a user sees): the depth-0 rows
 * of its file, with their Chinese titles. Every section has children.
 */
export function readSections(scheme: ClassificationScheme, dir: string): Omit<SchemeNode, 'parent' | 'children'>[] {
  const sections: Omit<SchemeNode, 'parent' | 'children'>[] = [];
  const zh = new Map<string, string>();
  for (const [symbol = '', , titleZh = '', titleEn = ''] of sectionLines(path.join(dir, IPC_FILE))) {
    if (titleZh) zh.set(symbol, titleZh);
    if (scheme === 'ipc') sections.push({ code: symbol, symbol, depth: 0, titleZh, titleEn });
  }
  if (scheme === 'cpc') {
    for (const [symbol = '', , titleEn = ''] of sectionLines(path.join(dir, CPC_FILE))) {
      sections.push({ code: symbol, symbol, depth: 0, titleEn, titleZh: zh.get(symbol) ?? '' });
    }
  }
  const byHand = path.join(dir, ZH_FILE);
  if (existsSync(byHand)) {
    for (const line of readFileSync(byHand, 'utf8').split('\n').slice(1)) {
      const [symbol, title] = line.split('\t');
      const section = sections.find((s) => s.code === symbol);
      if (section && title?.trim()) section.titleZh = title.trim();
    }
  }
  for (const section of sections) {
    if (!section.titleEn) delete section.titleEn;
    if (!section.titleZh) delete section.titleZh;
  }
  return sections;
}
