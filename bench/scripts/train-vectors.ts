/**
 * Trains the shipped word and subword vectors (data/vectors/, issue 24) once, offline, on all the
 * real patent text the project has, and writes them in the product's quantised format.
 *
 *   nice -n 10 npx tsx --conditions=@patlas/source bench/scripts/train-vectors.ts [--data ../shared/data] [--reuse]
 *
 * 1. Corpus (bench/out/vectors/corpus.txt): every text field (title, abstract, claims,
 *    description and their translations) of every record of data/demo, read by the product's own
 *    import formats, then the texts of ../shared/data that data/demo does not ship (BDCI 2022
 *    titles and abstracts, KPPatent-ZH data_A abstracts, the CPC title list). Sources in a fixed
 *    order, one text a line, an exact duplicate line kept once. Chinese is cut by the engine's jieba
 *    (segmentWords), Latin words lower-cased as written: the tokens the run time looks up.
 *    Left out on purpose: the evaluation sets (KPPatent-ZH's dev test file, the phrase-matching and
 *    novelty pairs) and every gold keyphrase, so the figures of bench/semantic.bench.ts are not
 *    trained on.
 * 2. fastText (Debian package `fasttext`, /usr/bin/fasttext): CBOW with character n-grams of 1–4,
 *    `-thread 1 -seed 1`, so the same corpus gives the same model.
 * 3. Packing (packages/engine/src/semantic/word-vectors.ts, `packWordVectors`): the word vectors
 *    and the n-gram buckets as int8 with one scale a row, the corpus counts (SIF weights) and the
 *    common component of SIF document vectors, to data/vectors/patlas-ft.vec. Re-running gives a
 *    byte-identical file (the sha256 is printed; docs/semantic-search.md records it).
 *
 * `--reuse` keeps an existing corpus and model in the work folder (`--work`, default
 * bench/out/vectors/; development only).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Patent } from '@patlas/contracts';
import { packWordVectors, parseFastTextBin, trainingTokens, type FastTextModel } from '@patlas/engine';
import { OUT_DIR, REPO_ROOT, SHARED_DATA } from '../src/paths.js';

const { values: args } = parseArgs({
  options: {
    data: { type: 'string', default: SHARED_DATA },
    reuse: { type: 'boolean', default: false },
    out: { type: 'string', default: path.join(REPO_ROOT, 'data/vectors/patlas-ft.vec') },
    work: { type: 'string', default: path.join(OUT_DIR, 'vectors') },
  },
});

/** fastText settings; changing one changes the shipped file (docs/semantic-search.md lists them). */
export const FASTTEXT_ARGS = [
  'cbow',
  '-dim',
  '100',
  '-minCount',
  '3',
  '-minn',
  '1',
  '-maxn',
  '4',
  '-bucket',
  '200000',
  '-epoch',
  '5',
  '-ws',
  '5',
  '-neg',
  '5',
  '-lr',
  '0.05',
  '-thread',
  '1',
  '-seed',
  '1',
  '-verbose',
  '1',
];

const WORK = path.resolve(args.work);
const DATA = path.resolve(args.data);

interface ImportItem {
  ok: boolean;
  record?: Patent;
}
interface Format {
  id: string;
  read(file: string): AsyncIterable<ImportItem>;
}

/** The product's import formats, loaded at run time (the server is not a dependency tsc follows from bench). */
async function serverImport<T>(rel: string): Promise<T> {
  return (await import(pathToFileURL(path.join(REPO_ROOT, 'apps/server/src', rel)).href)) as T;
}

function patentTexts(p: Patent): string[] {
  const out: string[] = [];
  for (const f of [p.title, p.abstract, p.claims, p.description]) {
    if (!f) continue;
    out.push(f.text);
    for (const lang of Object.keys(f.translations ?? {}).sort()) out.push(f.translations?.[lang] ?? '');
  }
  return out;
}

class CorpusWriter {
  private readonly seen = new Set<string>();
  readonly counts = new Map<string, { lines: number; tokens: number }>();
  private readonly out;
  constructor(file: string) {
    this.out = createWriteStream(file);
  }
  async write(source: string, text: string): Promise<void> {
    // Long texts (descriptions) as one line a paragraph: fastText reads lines of at most 1024 words.
    for (const para of text.split(/\n+/)) {
      const tokens = trainingTokens(para);
      if (tokens.length < 2) continue;
      const line = tokens.join(' ');
      const key = createHash('sha1').update(line).digest('base64');
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      const c = this.counts.get(source) ?? { lines: 0, tokens: 0 };
      c.lines++;
      c.tokens += tokens.length;
      this.counts.set(source, c);
      if (!this.out.write(`${line}\n`)) await new Promise<void>((r) => this.out.once('drain', () => r()));
    }
  }
  close(): Promise<void> {
    return new Promise((resolve) => this.out.end(resolve));
  }
}

async function writeCorpus(file: string): Promise<void> {
  const { readDemoManifest } = await serverImport<{
    readDemoManifest(dir: string): Promise<{ files: string[]; formatsByFile: Record<string, string> }>;
  }>('domains/patent/import/demo-loader.ts');
  const { FORMATS } = await serverImport<{ FORMATS: readonly Format[] }>('domains/patent/import/registry.ts');
  const writer = new CorpusWriter(file);
  const manifest = await readDemoManifest(path.join(REPO_ROOT, 'data/demo'));
  for (const f of manifest.files) {
    const format = FORMATS.find((x) => x.id === manifest.formatsByFile[f]);
    if (!format) continue;
    const source = `data/demo/${path.relative(path.join(REPO_ROOT, 'data/demo'), f).split(path.sep)[0]}`;
    for await (const item of format.read(f)) {
      if (!item.ok || !item.record) continue;
      for (const t of patentTexts(item.record)) await writer.write(source, t);
    }
  }
  // ../shared/data texts that data/demo does not ship.
  for (const name of ['expand_train_1.json', 'train.json']) {
    const lines = readFileSync(path.join(DATA, 'cn-bdci2022-fewshot', name), 'utf8')
      .split('\n')
      .filter(Boolean);
    for (const l of lines) {
      const r = JSON.parse(l) as { title?: string; abstract?: string };
      await writer.write('cn-bdci2022-fewshot', r.title ?? '');
      await writer.write('cn-bdci2022-fewshot', r.abstract ?? '');
    }
  }
  const kp = JSON.parse(readFileSync(path.join(DATA, 'cn-kppatent-zh/data_A.json'), 'utf8')) as { input: string }[];
  for (const r of kp)
    await writer.write('cn-kppatent-zh/data_A.json', r.input.replace(/^(标题|摘要|权利声明)：/gm, ''));
  const cpcDir = path.join(DATA, 'cpc-title-list-2022');
  for (const name of readdirSync(cpcDir)
    .filter((n) => n.endsWith('.txt'))
    .sort()) {
    for (const line of readFileSync(path.join(cpcDir, name), 'utf8').split('\n')) {
      const title = line.split('\t')[2];
      if (title) await writer.write('cpc-title-list-2022', title.replace(/\{|\}/g, ''));
    }
  }
  await writer.close();
  writeFileSync(`${file}.sources.json`, `${JSON.stringify(Object.fromEntries(writer.counts), null, 1)}\n`);
}

function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

mkdirSync(WORK, { recursive: true });
const corpus = path.join(WORK, 'corpus.txt');
const modelBase = path.join(WORK, 'model');
let t = performance.now();
if (!(args.reuse && existsSync(corpus))) await writeCorpus(corpus);
console.log(`corpus ${corpus} (sha256 ${sha256(corpus)}) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
console.log(readFileSync(`${corpus}.sources.json`, 'utf8'));
t = performance.now();
if (!(args.reuse && existsSync(`${modelBase}.bin`))) {
  execFileSync(
    'fasttext',
    [...FASTTEXT_ARGS.slice(0, 1), '-input', corpus, '-output', modelBase, ...FASTTEXT_ARGS.slice(1)],
    {
      stdio: 'inherit',
    },
  );
}
console.log(
  `fastText model ${modelBase}.bin (sha256 ${sha256(`${modelBase}.bin`)}) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
);
t = performance.now();
const model: FastTextModel = parseFastTextBin(readFileSync(`${modelBase}.bin`));
const sources = JSON.parse(readFileSync(`${corpus}.sources.json`, 'utf8')) as Record<string, unknown>;
const packed = packWordVectors(model, {
  componentSample: readFileSync(corpus, 'utf8').split('\n').filter(Boolean),
  meta: { fastText: FASTTEXT_ARGS.join(' '), sources },
});
mkdirSync(path.dirname(args.out), { recursive: true });
writeFileSync(args.out, packed);
console.log(
  `packed ${args.out}: ${(packed.length / 1e6).toFixed(1)} MB, sha256 ${sha256(args.out)} in ${((performance.now() - t) / 1000).toFixed(1)} s`,
);
