/**
 * Synthetic patent corpus: `generateCorpus` for code, and a CLI that streams it to JSONL (optionally gzip):
 *   npx tsx --conditions=@patlas/source bench/corpus.ts --count 100000 --seed 42 --out bench/out/corpus-100k.jsonl.gz
 * Options: --zh-share 0..1, --profile sources|office|full, --probe "电池,battery" (term hit fractions).
 */
import { createWriteStream, mkdirSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createGzip } from 'node:zlib';
import type { Writable } from 'node:stream';
import type { Patent } from '@patlas/contracts';
import { generateCorpus, loadCorpusStats, type FieldProfile } from './src/generate-corpus.js';
import { outFile } from './src/paths.js';
import { TermProbe } from './src/term-probe.js';

export { generateCorpus, loadCorpusStats, ASSUMED, cnCheckDigit } from './src/generate-corpus.js';
export type { CorpusOptions, FieldProfile, Lang } from './src/generate-corpus.js';
export { TermProbe, type ProbeResult } from './src/term-probe.js';

export const DEFAULT_PROBES = [
  ...['电池', '锂离子电池', '神经网络', '区块链', '齿轮', '数据', '图像', '传感器', '催化剂', '无人机'],
  ...['battery', 'neural', 'semiconductor', 'gear', 'data', 'image', 'sensor', 'catalyst', 'vehicle', 'blockchain'],
];

export interface WriteCorpusResult {
  records: number;
  bytes: number;
  seconds: number;
}

/** Streams the corpus to `out` as one JSON object per line, gzip when the name ends in .gz; honours back-pressure. */
export async function writeCorpus(
  out: string,
  options: Parameters<typeof generateCorpus>[0],
  onRecord?: (p: Patent) => void,
): Promise<WriteCorpusResult> {
  mkdirSync(dirname(resolve(out)), { recursive: true });
  const file = createWriteStream(out);
  const gzip = out.endsWith('.gz') ? createGzip({ level: 6 }) : undefined;
  if (gzip) gzip.pipe(file);
  const sink: Writable = gzip ?? file;
  const started = performance.now();
  let chunk = '';
  let records = 0;
  for (const p of generateCorpus(options)) {
    onRecord?.(p);
    chunk += JSON.stringify(p) + '\n';
    records++;
    if (chunk.length > 1 << 20) {
      if (!sink.write(chunk)) await once(sink, 'drain');
      chunk = '';
    }
  }
  sink.end(chunk);
  await once(file, 'close');
  return { records, bytes: statSync(out).size, seconds: (performance.now() - started) / 1000 };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '10000' },
      seed: { type: 'string', default: '42' },
      out: { type: 'string' },
      'zh-share': { type: 'string' },
      profile: { type: 'string', default: 'sources' },
      probe: { type: 'string' },
    },
  });
  const count = Number(values.count);
  const seed = Number(values.seed);
  if (!Number.isInteger(count) || count < 1 || !Number.isInteger(seed))
    throw new Error('--count and --seed must be integers');
  if (!['sources', 'office', 'full'].includes(values.profile ?? ''))
    throw new Error('--profile is sources, office or full');
  const out = values.out ?? outFile(`corpus-${count}-${seed}.jsonl`);
  const probe = new TermProbe(values.probe ? values.probe.split(',') : DEFAULT_PROBES, loadCorpusStats());
  const progressEvery = Math.max(1, Math.floor(count / 10));
  let n = 0;
  const t0 = performance.now();
  const result = await writeCorpus(
    out,
    {
      count,
      seed,
      profile: values.profile as FieldProfile,
      zhShare: values['zh-share'] ? Number(values['zh-share']) : undefined,
    },
    (p) => {
      probe.add(p);
      if (++n % progressEvery === 0) {
        process.stderr.write(`  ${n} records, ${Math.round(n / ((performance.now() - t0) / 1000))} records/s\n`);
      }
    },
  );
  console.log(
    `${result.records} records in ${result.seconds.toFixed(1)} s (${Math.round(result.records / result.seconds)} records/s) → ${out}, ${(result.bytes / 1e6).toFixed(1)} MB`,
  );
  console.log('term hit fractions (title/abstract/claims; real = document frequency in the sources):');
  for (const r of probe.results()) {
    const real = r.realDf === undefined ? 'n/a' : `${(r.realDf * 100).toFixed(2)} %`;
    console.log(
      `  ${r.term.padEnd(14)} ${r.lang}  generated ${(r.fraction * 100).toFixed(2)} % of ${r.lang} records with text   real ${real}`,
    );
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
