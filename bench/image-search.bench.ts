/**
 * Image-search benchmark (issue 7): each corpus drawing is altered (scaled 50 %, cropped 10 %,
 * rotated 90°, re-encoded as JPEG q60, and all four at once) and searched for among all drawings;
 * prints, per ranking method, how often the drawing's own patent comes first and within the top 10,
 * plus the corpus size and the time per query.
 *
 *   npx tsc -b apps/server && npx tsx --conditions=@patlas/source bench/image-search.bench.ts [--dir data/demo/us-design-drawings] [--queries 0]
 *
 * `--dir`: a folder of patent folders holding drawing sheets (*.TIF/*.png/*.jpg; the front-page copy
 * D00000 is skipped as at import), e.g. the shipped data/demo/us-design-drawings (default) or
 * ../shared/data/us-design-drawings-impact (beside the repository). `--queries N` alters only every k-th drawing so that
 * about N are queried (0: all). Uses the server's own feature and ranking code (apps/server/dist),
 * so it needs a build.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp, { type Sharp } from 'sharp';
import {
  ImageEmbedder,
  extractDrawingFeatures,
  extractQueryFeatures,
} from '../apps/server/dist/domains/image-search/image-features.js';
import {
  PRODUCTION_RANKING,
  RANKING_METHODS,
  rankPatents,
  type IndexedDrawing,
  type RankingMethod,
} from '../apps/server/dist/domains/image-search/image-ranking.js';
import { formatTable } from './src/search-stats.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values: args } = parseArgs({
  options: {
    dir: { type: 'string', default: path.join(ROOT, 'data/demo/us-design-drawings') },
    queries: { type: 'string', default: '0' },
  },
});

interface Drawing {
  patent: string;
  file: string;
}

function listDrawings(dir: string): Drawing[] {
  const drawings: Drawing[] = [];
  for (const patent of readdirSync(dir).sort()) {
    const folder = path.join(dir, patent);
    if (!statSync(folder).isDirectory()) continue;
    for (const name of readdirSync(folder).sort()) {
      if (!/\.(tiff?|png|jpe?g)$/i.test(name) || /-D00000\./i.test(name)) continue;
      drawings.push({ patent, file: path.join(folder, name) });
    }
  }
  return drawings;
}

/** The alterations a user's copy of a drawing typically went through. */
const ALTERATIONS: { name: string; apply: (file: string) => Promise<Buffer> }[] = [
  {
    name: 'scaled 50%',
    apply: async (file) => {
      const { width = 0 } = await sharp(file).metadata();
      return sharp(file)
        .resize(Math.round(width / 2))
        .png()
        .toBuffer();
    },
  },
  { name: 'cropped 10%', apply: async (file) => crop(sharp(file), file).then((s) => s.png().toBuffer()) },
  { name: 'rotated 90°', apply: (file) => sharp(file).rotate(90).png().toBuffer() },
  { name: 'JPEG q60', apply: (file) => sharp(file).jpeg({ quality: 60 }).toBuffer() },
  {
    name: 'all four',
    apply: async (file) => {
      const { width = 0 } = await sharp(file).metadata();
      const scaled = await sharp(file)
        .resize(Math.round(width / 2))
        .png()
        .toBuffer();
      const cropped = await crop(sharp(scaled), scaled).then((s) => s.png().toBuffer());
      return sharp(cropped).rotate(90).jpeg({ quality: 60 }).toBuffer();
    },
  },
];

/** 10 % of each side's length cut off: 5 % from the left and top, 5 % from the right and bottom. */
async function crop(image: Sharp, input: string | Buffer): Promise<Sharp> {
  const { width = 0, height = 0 } = await sharp(input).metadata();
  const left = Math.round(width * 0.05);
  const top = Math.round(height * 0.05);
  return image.extract({ left, top, width: Math.round(width * 0.9), height: Math.round(height * 0.9) });
}

async function main(): Promise<void> {
  const dir = path.resolve(args.dir);
  const drawings = listDrawings(dir);
  const patents = new Set(drawings.map((d) => d.patent)).size;
  if (drawings.length === 0) throw new Error(`no drawings under ${dir}`);
  const embedder = new ImageEmbedder();

  let started = performance.now();
  const index: IndexedDrawing[] = [];
  for (const drawing of drawings) {
    const features = await extractDrawingFeatures(embedder, drawing.file);
    index.push({ publicationNumber: drawing.patent, file: drawing.file, ...features });
  }
  const indexMs = performance.now() - started;
  console.log(`corpus: ${drawings.length} drawings of ${patents} patents (${dir})`);
  console.log(`indexing: ${(indexMs / drawings.length).toFixed(0)} ms per drawing (incl. ~1 s model load)`);

  const wanted = Number(args.queries);
  const step = wanted > 0 ? Math.max(1, Math.floor(drawings.length / wanted)) : 1;
  const queried = drawings.filter((_, i) => i % step === 0);
  const hits = new Map<string, { top1: number; top10: number; total: number }>();
  const key = (method: RankingMethod, alteration: string) => `${method}|${alteration}`;
  let featureMs = 0;
  let rankMs = 0;
  let queries = 0;
  started = performance.now();
  for (const drawing of queried) {
    for (const alteration of ALTERATIONS) {
      const image = await alteration.apply(drawing.file);
      const t0 = performance.now();
      const query = await extractQueryFeatures(embedder, image);
      featureMs += performance.now() - t0;
      queries += 1;
      for (const method of RANKING_METHODS) {
        const t1 = performance.now();
        const ranked = rankPatents(query, index, 10, method);
        if (method === PRODUCTION_RANKING) rankMs += performance.now() - t1;
        const position = ranked.findIndex((m) => m.publicationNumber === drawing.patent);
        for (const k of [key(method, alteration.name), key(method, 'overall')]) {
          const entry = hits.get(k) ?? { top1: 0, top10: 0, total: 0 };
          entry.total += 1;
          if (position === 0) entry.top1 += 1;
          if (position >= 0) entry.top10 += 1;
          hits.set(k, entry);
        }
      }
    }
  }
  const pct = (n: number, total: number) => `${((100 * n) / total).toFixed(1)}%`;
  const columns = [...ALTERATIONS.map((a) => a.name), 'overall'];
  const rows = RANKING_METHODS.map((method) => [
    method + (method === PRODUCTION_RANKING ? ' *' : ''),
    ...columns.map((c) => {
      const entry = hits.get(key(method, c))!;
      return `${pct(entry.top1, entry.total)} / ${pct(entry.top10, entry.total)}`;
    }),
  ]);
  console.log(
    `\n${queried.length} drawings × ${ALTERATIONS.length} alterations = ${queries} queries; cells: own patent top-1 / top-10 (* = production)`,
  );
  console.log(formatTable(['method', ...columns], rows));
  console.log(
    `\nper query: ${(featureMs / queries).toFixed(0)} ms features (8 hashes + 4 CNN rotations) + ${(rankMs / queries).toFixed(1)} ms ranking ${drawings.length} drawings; wall ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  const production = hits.get(key(PRODUCTION_RANKING, 'overall'))!;
  const rate = production.top10 / production.total;
  console.log(
    `production (${PRODUCTION_RANKING}) top-10 rate: ${pct(production.top10, production.total)} (target ≥ 90%)`,
  );
  if (rate < 0.9) process.exitCode = 1;
}

await main();
