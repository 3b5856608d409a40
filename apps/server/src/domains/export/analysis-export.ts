import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AnalysisExportRequestSchema } from '@patlas/contracts';
import {
  ANALYSIS_CHART_REQUESTS,
  ClusteringRequestSchema,
  isAnalysisChartId,
  LandscapeRequestSchema,
  MAX_CHART_IMAGE_BYTES,
  MAX_CHART_IMAGES_BYTES,
  WordCloudRequestSchema,
  type AnalysisChartId,
  type AnalysisResultSet,
  type Language,
} from '@patlas/contracts';
import sharp from 'sharp';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import type { AnalysisService, TextMiningService } from '../analysis/index.js';
import { CHART_TITLES, chartTable, type ChartAnswer } from '@patlas/charts';
import { openAnalysisWriter, type AnalysisCover } from '../../documents/analysis.js';

export type AnalysisExportInput = z.output<typeof AnalysisExportRequestSchema>;

/** What a task keeps of an analysis export: the charts in order, each image by its hash (charts/<hash>.png). */
export const StoredAnalysisSchema = z.object({
  set: z.record(z.string(), z.unknown()),
  charts: z.array(
    z.object({
      id: z.string(),
      image: z
        .string()
        .regex(/^[0-9a-f]{64}$/)
        .optional(),
    }),
  ),
});
export type StoredAnalysis = z.infer<typeof StoredAnalysisSchema>;

const PNG_DATA_URL = 'data:image/png;base64,';
const MB = 1024 * 1024;
const inMb = (bytes: number) => (bytes / MB).toFixed(1).replace(/\.0$/, '');

export interface AnalysisExporterDeps {
  analysis: AnalysisService;
  textMining: TextMiningService;
  /** Where chart images wait for their task: DATA_DIR/exports/charts. */
  imagesDir: string;
}

/**
 * The analysis export (/export/depthAnalysisInfo): checks a request's charts and images, keeps the
 * images for the task, and writes the file chart by chart — every table recomputed here from the
 * analysis service (the browser's numbers are never taken), every image the browser's PNG.
 */
export class AnalysisExporter {
  constructor(private readonly deps: AnalysisExporterDeps) {}

  /**
   * Checks the charts (known ids, each once) and their images (PNG, at most MAX_CHART_IMAGE_BYTES
   * each and MAX_CHART_IMAGES_BYTES together), then keeps each image under its hash.
   */
  async prepare(input: AnalysisExportInput, lang: Language): Promise<StoredAnalysis> {
    const seen = new Set<string>();
    const decoded: { id: AnalysisChartId; data?: Buffer }[] = [];
    let totalBytes = 0;
    for (const chart of input.charts) {
      if (!isAnalysisChartId(chart.id)) throw new AppError('EXPORT_CHART_UNKNOWN', { chart: chart.id });
      const title = CHART_TITLES[chart.id][lang];
      if (seen.has(chart.id)) throw new AppError('EXPORT_CHART_TWICE', { chart: title });
      seen.add(chart.id);
      if (chart.image === undefined) {
        decoded.push({ id: chart.id });
        continue;
      }
      if (!chart.image.startsWith(PNG_DATA_URL)) throw new AppError('EXPORT_IMAGE_INVALID', { chart: title });
      const data = Buffer.from(chart.image.slice(PNG_DATA_URL.length), 'base64');
      totalBytes += data.length;
      if (data.length > MAX_CHART_IMAGE_BYTES || totalBytes > MAX_CHART_IMAGES_BYTES) {
        throw new AppError('EXPORT_IMAGE_TOO_LARGE', {
          chart: title,
          size: inMb(data.length),
          max: inMb(MAX_CHART_IMAGE_BYTES),
          total: inMb(MAX_CHART_IMAGES_BYTES),
        });
      }
      if (!(await pngSize(data))) throw new AppError('EXPORT_IMAGE_INVALID', { chart: title });
      decoded.push({ id: chart.id, data });
    }
    await mkdir(this.deps.imagesDir, { recursive: true });
    const charts: StoredAnalysis['charts'] = [];
    for (const { id, data } of decoded) {
      if (!data) {
        charts.push({ id });
        continue;
      }
      const hash = createHash('sha256').update(data).digest('hex');
      await writeFile(this.imageFile(hash), data);
      charts.push({ id, image: hash });
    }
    return { set: input.set as Record<string, unknown>, charts };
  }

  private imageFile(hash: string): string {
    return path.join(this.deps.imagesDir, `${hash}.png`);
  }

  /** A task about to use its images again (redraw, run again): they count as fresh for cleanImages. */
  async touch(stored: StoredAnalysis): Promise<void> {
    const now = new Date();
    for (const chart of stored.charts) {
      if (chart.image) await utimes(this.imageFile(chart.image), now, now).catch(() => undefined);
    }
  }

  /**
   * Writes the file: the cover (the search), then chart by chart. `progress` is called after each
   * chart with the charts done and answers false when the task was cancelled meanwhile (the partial
   * file is then removed and 0 returned).
   */
  async write(
    stored: StoredAnalysis,
    options: {
      format: 'xlsx' | 'docx';
      lang: Language;
      file: string;
      /** The first sheet or page: the search, with the set's total as the analysis counted it. */
      cover: (total: number) => AnalysisCover;
      progress: (done: number) => Promise<boolean>;
    },
  ): Promise<{ charts: number; cancelled: boolean }> {
    const { lang } = options;
    const set = stored.set as unknown as AnalysisResultSet;
    const ids = stored.charts.map((chart) => {
      if (!isAnalysisChartId(chart.id)) throw new AppError('EXPORT_CHART_UNKNOWN', { chart: chart.id });
      return chart.id;
    });
    // Charts sharing a request (the impact and valid-patent charts) share one computation.
    const answers = new Map<string, Promise<{ total: number; answer: ChartAnswer }>>();
    const answerOf = (id: AnalysisChartId) => {
      const key = JSON.stringify(ANALYSIS_CHART_REQUESTS[id]);
      let answer = answers.get(key);
      if (!answer) {
        answer = this.answer(set, id, lang);
        answers.set(key, answer);
      }
      return answer;
    };
    const first = await answerOf(ids[0]!);
    const writer = openAnalysisWriter(options.format, { path: options.file, lang, cover: options.cover(first.total) });
    let done = 0;
    try {
      for (const [i, chart] of stored.charts.entries()) {
        const id = ids[i]!;
        const table = chartTable(id, (await answerOf(id)).answer, lang);
        const image = chart.image ? await this.image(chart.image) : undefined;
        await writer.add({ title: CHART_TITLES[id][lang], table, image });
        done += 1;
        if (!(await options.progress(done))) {
          await writer.abort();
          return { charts: done, cancelled: true };
        }
      }
      await writer.finish();
      return { charts: done, cancelled: false };
    } catch (err) {
      await writer.abort();
      throw err;
    }
  }

  /** A chart's answer over the set, from the same services the analysis page asks. */
  private async answer(
    set: AnalysisResultSet,
    id: AnalysisChartId,
    lang: Language,
  ): Promise<{ total: number; answer: ChartAnswer }> {
    const request = ANALYSIS_CHART_REQUESTS[id];
    const { analysis, textMining } = this.deps;
    switch (request.kind) {
      case 'analyze': {
        const { total, result } = await analysis.analyze(set, request.analysis, lang);
        return { total, answer: result };
      }
      case 'wordCloud': {
        const response = await textMining.wordCloud(WordCloudRequestSchema.parse(set), lang);
        return { total: response.total, answer: { kind: 'wordCloud', response } };
      }
      case 'clustering': {
        const response = await textMining.clusters(ClusteringRequestSchema.parse(set), lang);
        return { total: response.total, answer: { kind: 'clustering', response } };
      }
      case 'landscape': {
        const response = await textMining.landscape(LandscapeRequestSchema.parse(set), lang);
        return { total: response.total, answer: { kind: 'landscape', response } };
      }
    }
  }

  /** A kept image; a missing one (cleaned up long after) leaves the chart with its table alone. */
  private async image(hash: string) {
    const data = await readFile(this.imageFile(hash)).catch(() => undefined);
    if (!data) return undefined;
    const size = await pngSize(data);
    return size ? { data, ...size } : undefined;
  }

  /** Removes images no task has used for `maxAgeMs` (the export-expiry job): their tasks' files are gone too. */
  async cleanImages(now: Date, maxAgeMs: number): Promise<number> {
    const names = await readdir(this.deps.imagesDir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const file = path.join(this.deps.imagesDir, name);
      const info = await stat(file).catch(() => undefined);
      if (info && now.getTime() - info.mtimeMs > maxAgeMs) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }
}

/** The size of a PNG that decodes as one; undefined for anything else. */
async function pngSize(data: Buffer): Promise<{ width: number; height: number } | undefined> {
  try {
    const meta = await sharp(data).metadata();
    if (meta.format !== 'png' || !meta.width || !meta.height) return undefined;
    return { width: meta.width, height: meta.height };
  } catch {
    return undefined;
  }
}
