/**
 * One-off dev script: derives data/scheme/ipc-2026.01-zh.tsv.br, the Chinese IPC titles, from the
 * text tree of the CNIPA Chinese edition (IPC 2026.01 国际专利分类表) held in
 * https://github.com/Jingyou-design/cr_zl_v2 (`skills/ipc-search/references/IPC_Tree/`, see
 * data/scheme/README.md). The server reads only the derived file. Run it again only when the source changes:
 *   git clone https://github.com/Jingyou-design/cr_zl_v2 /tmp/cr_zl_v2
 *   npx tsx apps/server/scripts/derive-ipc-zh.ts /tmp/cr_zl_v2/skills/ipc-search/references/IPC_Tree
 *
 * The tree: a folder per section, class and subclass (each with an info.txt holding `Code:` and
 * `Title:`), a .txt file per main group (`Title:`, `Code:`, then one line per subgroup:
 * `H01M4/02 由活性材料组成或包括活性材料的电极`). Notes and index lines carry no symbol and are skipped.
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const SOURCE = process.argv[2];
if (!SOURCE) throw new Error('usage: derive-ipc-zh.ts <path to IPC_Tree>');
const OUT = join(REPO_ROOT, 'data', 'scheme', 'ipc-2026.01-zh.tsv.br');

const CJK = '\\u3400-\\u9fff\\uff00-\\uffef\\u3000-\\u303f';
/** Spaces the PDF extraction left where a line wrapped inside Chinese text ("氯 化物" → "氯化物"). */
const WRAP_SPACE = new RegExp(`(?<=[${CJK}])\\s+|\\s+(?=[${CJK}])`, 'g');
/**
 * Edition marks, not title text: 〔2〕, 〔1，8〕, 〔3.2.0〕, 〔a，g〕, [20250101], [4]. Acronyms in
 * brackets ([3D], [LED], 〔SPM〕) stay.
 */
const EDITION_MARK = /〔[\s\d０-９.,，ag]*〕|\[[\s\d.,，]+\]/g;

/**
 * A note the extraction ran into the title: "…用品注意：此类术语…", "…带条内B65B9/087至-9/093的附注…".
 * The title ends before it (and before the symbols that name the note's groups).
 */
const RUN_ON_NOTE = new RegExp(
  [
    '(?:[A-H]?\\d*[A-Z]?\\d+\\/[\\d\\-至、，,/A-Z]*)?(?:的附注|附注|注意\\s*[:：]).*$',
    '[;；]\\s*注意.*$',
    `(?<=[${CJK}])\\s*(?:注意\\s*)?[1１]\\s*[．.]\\s*[${CJK}].*$`,
  ].join('|'),
);

const OPEN = new Set(['（', '(']);
const CLOSE = new Set(['）', ')']);

/**
 * Brackets the extraction lost (45 titles): a parenthesis left open is closed at the end (a dangling
 * "（" is dropped); a closing one without its opening gets it at the start of its "；" clause
 * ("…）；蘑菇的收获入A01G18/70）"), or is dropped in the title's first clause, where its start is unknown.
 */
function balanceBrackets(title: string): string {
  let text = title.replace(/[（(]$/, '');
  for (let depth = 0, i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (OPEN.has(c)) depth += 1;
    else if (CLOSE.has(c) && depth > 0) depth -= 1;
    else if (CLOSE.has(c)) {
      const clauseStart = Math.max(text.lastIndexOf('；', i), text.lastIndexOf(';', i)) + 1;
      if (clauseStart > 0) {
        text = `${text.slice(0, clauseStart)}（${text.slice(clauseStart)}`;
        i += 1;
      } else {
        text = `${text.slice(0, i)}${text.slice(i + 1)}`;
        i -= 1;
      }
    }
  }
  let open = 0;
  for (const c of text) open += OPEN.has(c) ? 1 : CLOSE.has(c) ? -1 : 0;
  return open > 0 ? `${text}${'）'.repeat(open)}` : text;
}

function cleanTitle(raw: string): string {
  return balanceBrackets(clean(raw));
}

function clean(raw: string): string {
  return raw
    .replace(/^[·•.．\s]+/, '')
    .replace(RUN_ON_NOTE, '')
    .replace(EDITION_MARK, '')
    .replace(WRAP_SPACE, '')
    .replace(/\s+/g, ' ')
    .replace(/[;；，,]$/, '')
    .trim();
}

/** symbol → title, first occurrence wins, in the order the tree is walked. */
const titles = new Map<string, string>();
let duplicates = 0;
function add(symbol: string, rawTitle: string): void {
  const title = cleanTitle(rawTitle);
  if (!title) return;
  if (titles.has(symbol)) {
    duplicates += 1;
    return;
  }
  titles.set(symbol, title);
}

function field(text: string, name: string): string | undefined {
  return new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(text)?.[1]?.trim();
}

const SUBGROUP_LINE = /^([A-H]\d\d[A-Z]\d{1,4}\/\d{2,6})\s+(\S.*)$/;
const HEAD_SYMBOL = /^[A-H](\d\d([A-Z](\d{1,4}\/\d{2,6})?)?)?$/;

function walk(dir: string): void {
  const entries = readdirSync(dir).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  for (const name of entries) {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) continue;
    const text = readFileSync(file, 'utf8');
    const code = field(text, 'Code');
    const title = field(text, 'Title');
    if (code && title && HEAD_SYMBOL.test(code)) add(code, title);
    if (name === 'info.txt' || !code?.includes('/')) continue;
    // Only this main group's own subgroups: a note may start with another group's symbol.
    const group = `${code.split('/')[0]!}/`;
    for (const line of text.split(/\r?\n/)) {
      const m = SUBGROUP_LINE.exec(line.trim());
      if (m?.[1]?.startsWith(group)) add(m[1], m[2]!);
    }
  }
  for (const name of entries) {
    const sub = join(dir, name);
    if (statSync(sub).isDirectory()) walk(sub);
  }
}

walk(SOURCE);
const rows = [...titles].map(([symbol, title]) => `${symbol}\t${title}`);
const raw = Buffer.from(`${rows.join('\n')}\n`, 'utf8');
const packed = brotliCompressSync(raw, {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 11,
    [constants.BROTLI_PARAM_LGWIN]: 24,
    [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
  },
});
writeFileSync(OUT, packed);
const levels = { sections: 0, classes: 0, subclasses: 0, mainGroups: 0, subgroups: 0 };
for (const symbol of titles.keys()) {
  if (symbol.length === 1) levels.sections += 1;
  else if (symbol.length === 3) levels.classes += 1;
  else if (symbol.length === 4) levels.subclasses += 1;
  else if (symbol.endsWith('/00')) levels.mainGroups += 1;
  else levels.subgroups += 1;
}
console.log(
  `ipc-2026.01-zh.tsv.br: ${titles.size} symbols ${JSON.stringify(levels)}, ${duplicates} repeated symbols skipped, ` +
    `${(raw.length / 1024 / 1024).toFixed(2)} MB → ${(packed.length / 1024).toFixed(0)} kB`,
);
