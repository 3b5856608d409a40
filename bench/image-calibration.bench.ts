/**
 * Image-search score calibration (issue 43 item 9): how similar do unrelated drawings look to the
 * ranking? Every drawing of the corpus is searched (as an upload would be: 8 hashes, 4 CNN
 * rotations) against all the others, and for each other patent the best drawing's displayed
 * similarity is kept, as the result list shows it. Pairs are grouped by what the records say:
 *
 * - `other class`: the two patents' Locarno classes differ (14-04 vs 28-03): unrelated designs;
 * - `same class`: another patent of the same Locarno class (both 14-xx): related products;
 * - `same patent`: another sheet of the query's own patent (another view of the same design).
 *
 * It prints the distribution of each group, the band thresholds derived from the `other class`
 * group (weakly similar: its 95th percentile; similar: its 99th; very similar: above its highest
 * value), how the current constants of apps/server/src/domains/image-search/image-calibration.ts
 * sort each group, and the index size. Copy the printed thresholds into that file when the corpus
 * or the feature model changes.
 *
 *   npx tsc -b apps/server && npx tsx --conditions=@patlas/source bench/image-calibration.bench.ts [--dir data/demo/us-design-drawings]
 *
 * `--dir`: a folder of patent folders, each holding its grant XML (.XML or .XML.gz, for the
 * Locarno class) and its drawing sheets (the front-page copy D00000 is skipped as at import).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import {
  ImageEmbedder,
  extractDrawingFeatures,
  extractQueryFeatures,
} from '../apps/server/dist/domains/image-search/image-features.js';
import { IMAGE_BANDS, bandOf } from '../apps/server/dist/domains/image-search/image-calibration.js';
import { scoreDrawings, type IndexedDrawing } from '../apps/server/dist/domains/image-search/image-ranking.js';
import { formatTable, percentile } from './src/search-stats.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values: args } = parseArgs({
  options: { dir: { type: 'string', default: path.join(ROOT, 'data/demo/us-design-drawings') } },
});

interface Drawing {
  patent: string;
  file: string;
}

/** The Locarno main classification of a grant XML ("1404"), as "14-04". */
function locarnoOf(folder: string): string | undefined {
  const name = readdirSync(folder).find((n) => /\.xml(\.gz)?$/i.test(n));
  if (!name) return undefined;
  const raw = readFileSync(path.join(folder, name));
  const xml = (name.toLowerCase().endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
  const match = /<classification-locarno>[\s\S]*?<main-classification>\s*(\d{2})\s*-?\s*(\d{2})/.exec(xml);
  return match ? `${match[1]}-${match[2]}` : undefined;
}

function listCorpus(dir: string): { drawings: Drawing[]; locarno: Map<string, string> } {
  const drawings: Drawing[] = [];
  const locarno = new Map<string, string>();
  for (const patent of readdirSync(dir).sort()) {
    const folder = path.join(dir, patent);
    if (!statSync(folder).isDirectory()) continue;
    const loc = locarnoOf(folder);
    if (loc) locarno.set(patent, loc);
    for (const name of readdirSync(folder).sort()) {
      if (!/\.(tiff?|png|jpe?g)$/i.test(name) || /-D00000\./i.test(name)) continue;
      drawings.push({ patent, file: path.join(folder, name) });
    }
  }
  return { drawings, locarno };
}

type Group = 'other class' | 'same class' | 'same patent';
const GROUPS: Group[] = ['other class', 'same class', 'same patent'];

async function main(): Promise<void> {
  const dir = path.resolve(args.dir);
  const { drawings, locarno } = listCorpus(dir);
  if (drawings.length === 0) throw new Error(`no drawings under ${dir}`);
  const patents = [...new Set(drawings.map((d) => d.patent))];
  const classes = new Set([...locarno.values()].map((l) => l.slice(0, 2)));
  const embedder = new ImageEmbedder();
  const started = performance.now();
  const index: IndexedDrawing[] = [];
  for (const drawing of drawings) {
    index.push({
      publicationNumber: drawing.patent,
      file: drawing.file,
      ...(await extractDrawingFeatures(embedder, drawing.file)),
    });
  }
  console.log(
    `index: ${index.length} drawings of ${patents.length} patents, ${classes.size} Locarno classes (${locarno.size} patents with a class) — ${dir}`,
  );

  const samples = new Map<Group, number[]>(GROUPS.map((g) => [g, []]));
  /** each pair's band by the current constants */
  const banded = new Map<Group, string[]>(GROUPS.map((g) => [g, []]));
  /** hash copies (distance ≤ 10) among the pairs: they are shown as very similar whatever the CNN says */
  const copies = new Map<Group, number>(GROUPS.map((g) => [g, 0]));
  for (const [i, drawing] of drawings.entries()) {
    const query = await extractQueryFeatures(embedder, readFileSync(drawing.file));
    const ownClass = locarno.get(drawing.patent)?.slice(0, 2);
    // Best drawing per other patent (as the result list groups them), and each other sheet of its own.
    const best = new Map<string, { similarity: number; score: number; hashDistance: number; cnnSimilarity: number }>();
    for (const scored of scoreDrawings(query, index)) {
      if (scored.index === i) continue;
      const other = index[scored.index]!.publicationNumber;
      if (other === drawing.patent) {
        samples.get('same patent')!.push(scored.similarity);
        banded.get('same patent')!.push(bandOf(scored));
        if (scored.hashDistance <= 10) copies.set('same patent', copies.get('same patent')! + 1);
        continue;
      }
      const current = best.get(other);
      // The patent's drawing as the ranking picks it (rankPatents: highest score, copies first).
      if (!current || scored.score > current.score) best.set(other, scored);
    }
    for (const [other, scored] of best) {
      const otherClass = locarno.get(other)?.slice(0, 2);
      if (!ownClass || !otherClass) continue;
      const group: Group = otherClass === ownClass ? 'same class' : 'other class';
      samples.get(group)!.push(scored.similarity);
      banded.get(group)!.push(bandOf(scored));
      if (scored.hashDistance <= 10) copies.set(group, copies.get(group)! + 1);
    }
  }
  await embedder.close();

  const pct = (x: number) => `${(100 * x).toFixed(1)}`;
  const rows = GROUPS.map((g) => {
    const sorted = [...samples.get(g)!].sort((a, b) => a - b);
    return [
      g,
      String(sorted.length),
      ...[50, 90, 95, 99, 99.9].map((p) => pct(percentile(sorted, p))),
      pct(sorted[sorted.length - 1] ?? Number.NaN),
      String(copies.get(g)),
    ];
  });
  console.log(`\n${drawings.length} queries; displayed similarity (%) of each pair's best drawing`);
  console.log(formatTable(['pairs', 'n', 'p50', 'p90', 'p95', 'p99', 'p99.9', 'max', 'hash copies'], rows));

  const unrelated = [...samples.get('other class')!].sort((a, b) => a - b);
  const weak = percentile(unrelated, 95);
  const similar = percentile(unrelated, 99);
  const very = unrelated[unrelated.length - 1]!;
  console.log('\nderived from the other-class pairs (round up to 0.001 for image-calibration.ts):');
  console.log(`  weakly similar ≥ p95 = ${weak.toFixed(4)}`);
  console.log(`  similar        ≥ p99 = ${similar.toFixed(4)}`);
  console.log(`  very similar   > max = ${very.toFixed(4)} (or a hash copy)`);

  console.log(
    `\ncurrent constants (image-calibration.ts): weak ${IMAGE_BANDS.weak}, similar ${IMAGE_BANDS.similar}, very ${IMAGE_BANDS.very}; share of each group per band (%)`,
  );
  const bands = ['very', 'similar', 'weak', 'none'] as const;
  console.log(
    formatTable(
      ['pairs', ...bands],
      GROUPS.map((g) => {
        const values = banded.get(g)!;
        return [g, ...bands.map((b) => pct(values.filter((v) => v === b).length / values.length))];
      }),
    ),
  );
  console.log(`\nwall ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

await main();
