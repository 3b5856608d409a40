/**
 * One-off dev script: derives data/scheme/ipc-2026.01.tsv.br, the IPC scheme down to every subgroup
 * level (see data/scheme/README.md), from
 *   - data/scheme/ipc-2026.01-zh.tsv.br: the Chinese titles of the CNIPA edition (IPC 2026.01), made by
 *     derive-ipc-zh.ts;
 *   - the WIPO IPC 2023.01 scheme as copied in https://github.com/thxare/IPCcodes: `seccion/<S>/subclase/<subclass>.json`
 *     (every main group and subgroup of 2023.01 with its dot level, written as bullets "••" per dot before a
 *     Spanish title) and `funcionesInlges/group/**` (English titles of the groups of 205 subclasses);
 *   - the CPC Title List 2022-02 (../shared/data/cpc-title-list-2022): English titles of the symbols IPC
 *     shares with CPC, without CPC's additions in curly braces, and the dot level of the 2026.01
 *     subgroups that 2023.01 has not.
 * The server reads only the derived file. Run it again only when a source changes:
 *   (fetch github:thxare/IPCcodes, check out its tree to /tmp/IPCcodes)
 *   npx tsx apps/server/scripts/derive-ipc-scheme.ts /tmp/IPCcodes [path/to/shared/data]
 *
 * Rows `symbol<TAB>depth<TAB>title_zh<TAB>title_en` in scheme order; depth 0 section, 1 class, 2 subclass,
 * 3 main group, 4+ subgroup (3 + dots). A title is empty when no source has it; every row has one of them.
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const WIPO = process.argv[2];
if (!WIPO) throw new Error('usage: derive-ipc-scheme.ts <path to a checkout of thxare/IPCcodes> [shared data]');
const DATA = process.argv[3] ?? join(REPO_ROOT, '..', 'shared', 'data');
const SCHEME = join(REPO_ROOT, 'data', 'scheme');
const OUT = join(SCHEME, 'ipc-2026.01.tsv.br');

/** "A01B 1/00" (with a no-break space), "a01b1/02" → "A01B1/00", "A01B1/02"; sections, classes, subclasses as they are. */
function compact(symbol: string): string {
  return symbol.replace(/[\s\u00a0]+/g, '').toUpperCase();
}

const GROUP = /^([A-H])(\d\d)([A-Z])(\d{1,4})\/(\d{2,6})$/;
const HEAD = /^[A-H](\d\d([A-Z])?)?$/;

/** Scheme order: section, class, subclass, main group number, then the subgroup digits as a decimal fraction. */
function orderKey(symbol: string): string {
  const g = GROUP.exec(symbol);
  if (!g) return `${symbol.padEnd(4, ' ')}`;
  const [, s, c, sc, main, sub] = g;
  return `${s}${c}${sc}${main!.padStart(4, '0')}${sub!.padEnd(6, '0')}`;
}

// --- Chinese titles, IPC 2026.01 ---
const zh = new Map<string, string>();
for (const line of brotliDecompressSync(readFileSync(join(SCHEME, 'ipc-2026.01-zh.tsv.br')))
  .toString('utf8')
  .split('\n')) {
  const [symbol, title] = line.split('\t');
  if (symbol && title) zh.set(symbol, title);
}

// --- WIPO 2023.01: symbols and dots (Spanish files), English group titles ---
const wipoDots = new Map<string, number>();
const sectionDir = join(WIPO, 'seccion');
for (const section of readdirSync(sectionDir)) {
  const dir = join(sectionDir, section, 'subclase');
  if (!statSync(join(sectionDir, section)).isDirectory()) continue;
  for (const file of readdirSync(dir)) {
    const rows = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { code: string; description: string }[];
    for (const row of rows) {
      const symbol = compact(row.code);
      if (!GROUP.test(symbol)) continue;
      const bullets = /^•*/.exec(row.description)![0].length;
      // Two bullets a dot; an odd count (2 rows) is read up: the title's first bullet was dropped.
      wipoDots.set(symbol, symbol.endsWith('/00') ? 0 : Math.max(1, Math.ceil(bullets / 2)));
    }
  }
}

const wipoEn = new Map<string, string>();
/** The English title of a WIPO scheme page: the text before the version mark's attribute residue. */
function wipoTitle(raw: string): string {
  return raw
    .replace(/\s*\d{4}\.\d\d"\s*href=.*$/s, '')
    .replace(/\s*\[\d{4}\.\d\d\]\s*$/, '')
    .replace(/^[•\s]+/, '')
    .replace(/\s+/g, ' ')
    .trim();
}
function walkEnglish(dir: string): void {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) {
      walkEnglish(file);
      continue;
    }
    const text = readFileSync(file, 'utf8');
    const entry = /symbol:\s*"([^"]+)",\s*title1:\s*(?:'((?:\\.|[^'\\])*)'|"((?:\\.|[^"\\])*)")/g;
    for (const m of text.matchAll(entry)) {
      const symbol = compact(m[1]!);
      const raw = (m[2] ?? m[3] ?? '').replace(/\\(.)/g, '$1');
      if (!GROUP.test(symbol) || /^Warning:/.test(raw)) continue;
      const title = wipoTitle(raw);
      if (title) wipoEn.set(symbol, title);
    }
  }
}
walkEnglish(join(WIPO, 'funcionesInlges', 'group'));

// --- CPC 2022-02: English titles and dots of shared symbols ---
const cpc = new Map<string, { dots: number; title: string }>();
const cpcIndexing = new Map<string, string>();
const cpcDir = join(DATA, 'cpc-title-list-2022');
for (const file of readdirSync(cpcDir).filter((f) => /^cpc-section-[A-H]_\d+\.txt$/.test(f))) {
  for (const line of readFileSync(join(cpcDir, file), 'utf8').split(/\r?\n/)) {
    const [symbol = '', indent = '', ...rest] = line.split('\t');
    if (!symbol) continue;
    // CPC's additions to the IPC text are in curly braces; a title wholly in braces is CPC's own symbol.
    const whole = rest.join(' ');
    // CPC's own indexing series mirrors IPC's: IPC G06F 111/18 is CPC G06F 2111/18 (titles wholly CPC's, in braces).
    if (/^[A-H]\d\d[A-Z]2\d\d\d\//.test(symbol)) {
      cpcIndexing.set(
        symbol,
        whole
          .replace(/[{}]/g, '')
          .replace(/\s+/g, ' ')
          .replace(/\s+(?=[;,)])/g, '')
          .trim(),
      );
    }
    const title = rest
      .join(' ')
      .replace(/\{[^{}]*\}/g, ' ')
      .replace(/\s+/g, ' ')
      .replace(/\s+(?=[;,)])/g, '')
      .replace(/^[;,\s]+|[;,\s]+$/g, '')
      .trim();
    cpc.set(compact(symbol), { dots: indent === '' ? 0 : Number(indent), title });
  }
}

// --- The symbols: 2026.01 (Chinese edition) and 2023.01 (WIPO) together ---
const symbols = new Set<string>();
for (const symbol of zh.keys()) if (GROUP.test(symbol) || HEAD.test(symbol)) symbols.add(symbol);
for (const symbol of wipoDots.keys()) symbols.add(symbol);
// Sections, classes and subclasses of the 2023.01 groups that the Chinese table lacks.
for (const symbol of [...symbols]) {
  const g = GROUP.exec(symbol);
  if (!g) continue;
  symbols
    .add(g[1]!)
    .add(`${g[1]}${g[2]}`)
    .add(`${g[1]}${g[2]}${g[3]}`)
    .add(`${symbol.split('/')[0]}/00`);
}
const ordered = [...symbols].sort((a, b) => (orderKey(a) < orderKey(b) ? -1 : orderKey(a) > orderKey(b) ? 1 : 0));

/** The CPC twin of an IPC indexing group (main group 100–999): G06F111/18 → G06F2111/18; '' for others. */
function indexingTwin(symbol: string): string {
  const g = GROUP.exec(symbol);
  const main = Number(g?.[4]);
  return g && main >= 100 && main < 1000 ? `${g[1]}${g[2]}${g[3]}${main + 2000}/${g[5]}` : '';
}

const TRANSFERRED = /^\(transferred to /i;
const stats = { rows: 0, noZh: 0, noEn: 0, dropped: 0, dotsWipo: 0, dotsCpc: 0, dotsUnknown: 0, dotsClamped: 0 };
const rows: string[] = [];
let previousDots = 0;
for (const symbol of ordered) {
  const titleZh = zh.get(symbol) ?? '';
  // A symbol whose subject moved elsewhere is a placeholder, not a group: "(transferred to H04W 72/23)".
  const titleEn =
    [wipoEn.get(symbol), cpc.get(symbol)?.title, cpcIndexing.get(indexingTwin(symbol))].find(
      (t) => t && !TRANSFERRED.test(t),
    ) ?? '';
  if (!titleZh && !titleEn) {
    stats.dropped += 1;
    continue;
  }
  let depth: number;
  if (HEAD.test(symbol)) depth = symbol.length === 1 ? 0 : symbol.length === 3 ? 1 : 2;
  else if (symbol.endsWith('/00')) depth = 3;
  else {
    let dots = wipoDots.get(symbol);
    if (dots !== undefined) stats.dotsWipo += 1;
    else if (cpc.has(symbol)) {
      dots = cpc.get(symbol)!.dots;
      stats.dotsCpc += 1;
    } else {
      dots = 1;
      stats.dotsUnknown += 1;
    }
    // Two sources: a subgroup is at most one level below the row before it.
    if (dots > previousDots + 1) {
      dots = previousDots + 1;
      stats.dotsClamped += 1;
    }
    depth = 3 + Math.max(1, dots);
  }
  previousDots = depth - 3;
  if (!titleZh) stats.noZh += 1;
  if (!titleEn) stats.noEn += 1;
  stats.rows += 1;
  rows.push(`${symbol}\t${depth}\t${titleZh}\t${titleEn}`);
}

const raw = Buffer.from(`${rows.join('\n')}\n`, 'utf8');
const packed = brotliCompressSync(raw, {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 11,
    [constants.BROTLI_PARAM_LGWIN]: 24,
    [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
  },
});
writeFileSync(OUT, packed);
console.log(
  `ipc-2026.01.tsv.br: ${JSON.stringify(stats)}, WIPO English group titles ${wipoEn.size}, ` +
    `${(raw.length / 1024 / 1024).toFixed(2)} MB → ${(packed.length / 1024).toFixed(0)} kB`,
);
