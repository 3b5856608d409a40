/**
 * One-off dev script: derives the compact classification scheme files in data/scheme/ from the
 * sources under ../shared/data beside the repo (see data/scheme/README.md). The server reads only the derived
 * files; run this again only when a source changes:
 *   npx tsx apps/server/scripts/derive-scheme.ts [path/to/shared/data]
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const DATA = process.argv[2] ?? join(REPO_ROOT, '..', 'shared', 'data');
const OUT = join(REPO_ROOT, 'data', 'scheme');
const CPC_DIR = join(DATA, 'cpc-title-list-2022');

/**
 * Output rows: `symbol<TAB>depth<TAB>title`, in scheme order. depth 0 section, 1 class, 2 subclass,
 * 3 main group, 4+ subgroup (3 + the source's dot level). Symbols are compact: H, H01, H01M, H01M4/00.
 */
const rows: string[] = [];
const files = readdirSync(CPC_DIR)
  .filter((f) => /^cpc-section-[A-Z]_\d+\.txt$/.test(f))
  .sort();
for (const file of files) {
  for (const line of readFileSync(join(CPC_DIR, file), 'utf8').split(/\r?\n/)) {
    if (!line.trim()) continue;
    const [symbol = '', indent = '', ...titleParts] = line.split('\t');
    const title = titleParts.join(' ').replace(/\s+/g, ' ').trim();
    let depth: number;
    if (indent !== '') depth = 3 + Number(indent);
    else if (/^[A-Z]$/.test(symbol)) depth = 0;
    else if (/^[A-Z]\d\d$/.test(symbol)) depth = 1;
    else if (/^[A-Z]\d\d[A-Z]$/.test(symbol)) depth = 2;
    else throw new Error(`${file}: cannot place ${JSON.stringify(line)}`);
    if (!Number.isInteger(depth)) throw new Error(`${file}: bad indent in ${JSON.stringify(line)}`);
    rows.push(`${symbol}\t${depth}\t${title}`);
  }
}
const text = `${rows.join('\n')}\n`;
const raw = Buffer.from(text, 'utf8');
// Brotli at its best setting: 3.4 MB against 4.6 MB for gzip -9 (about a minute to write, 0.1 s to read).
const packed = brotliCompressSync(raw, {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 11,
    [constants.BROTLI_PARAM_LGWIN]: 24,
    [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
  },
});
writeFileSync(join(OUT, 'cpc-2022.tsv.br'), packed);
console.log(`cpc-2022.tsv.br: ${rows.length} symbols, ${(packed.length / 1024 / 1024).toFixed(2)} MB`);
