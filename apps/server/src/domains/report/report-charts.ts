import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { buildChartOption, type ChartModel, type ViewType } from '@patlas/charts';
import { CHART_TYPES, DEFAULT_CHART_SIZE, defaultPaletteFor, type ChartType, type Language } from '@patlas/contracts';
import * as echarts from 'echarts';
import sharp from 'sharp';

/**
 * A report's charts drawn on the server: the web app's option builders (@patlas/charts) given to
 * ECharts' server-side renderer (SVG, no DOM), the SVG rasterised to PNG by sharp (librsvg; the
 * CJK text through fontconfig's Noto Sans CJK). The word cloud cannot be laid out without a canvas
 * (echarts-wordcloud), so a report draws its terms as a ranked bar chart.
 */

const require = createRequire(import.meta.url);
let mapsRegistered = false;

/** The GeoJSON maps the web app registers (echarts-map's world.json and china.json), once. */
function registerMaps(): void {
  if (mapsRegistered) return;
  for (const name of ['world', 'china'] as const) {
    const file = require.resolve(`echarts-map/json/${name}.json`);
    echarts.registerMap(name, JSON.parse(readFileSync(file, 'utf8')) as Parameters<typeof echarts.registerMap>[1]);
  }
  mapsRegistered = true;
}

/** Counts as the analysis page writes them: 万/亿 in Chinese, K/M in English. */
export function formatCount(lang: Language): (value: number) => string {
  return (value) => {
    if (!Number.isFinite(value)) return '0';
    const abs = Math.abs(value);
    const trim = (n: number) => n.toFixed(1).replace(/\.0$/, '');
    if (lang === 'zh') {
      if (abs >= 1e8) return `${trim(value / 1e8)}亿`;
      if (abs >= 1e4) return `${trim(value / 1e4)}万`;
      return value.toLocaleString('en-US');
    }
    if (abs >= 1e6) return `${trim(value / 1e6)}M`;
    if (abs >= 1e4) return `${trim(value / 1e3)}K`;
    return value.toLocaleString('en-US');
  };
}

export interface RenderedChart {
  png: Buffer;
  width: number;
  height: number;
}

const WIDTH = 900;
const HEIGHT = 480;

/**
 * A chart model as plain data, to cross to a CPU worker (structured clone takes no functions): the
 * map's regions listed per category, no drill-downs (a chart drawn on the server opens nothing).
 */
export interface PlainChartModel extends Omit<ChartModel, 'map' | 'actionOf'> {
  map?: { name: 'world' | 'china'; regions: (string | undefined)[] };
}

export function plainChartModel(model: ChartModel): PlainChartModel {
  const { map, actionOf: _actionOf, ...rest } = model;
  return map ? { ...rest, map: { name: map.name, regions: model.categories.map((c) => map.regionOf(c)) } } : rest;
}

function chartModelOf(plain: PlainChartModel): ChartModel {
  const { map, ...rest } = plain;
  const model: ChartModel = { ...rest, actionOf: () => undefined };
  if (map) {
    const regionByCategory = new Map(plain.categories.map((c, i) => [c, map.regions[i]]));
    model.map = { name: map.name, regionOf: (category) => regionByCategory.get(category) };
  }
  return model;
}

export interface ReportChartInput {
  model: PlainChartModel;
  type: Exclude<ViewType, 'table' | 'wordCloud' | 'landscape'>;
  chartId: string;
  lang: Language;
}

/**
 * The chart of `model` as `type` (the analysis page's first view of that chart), with the default
 * palette and size of the chart settings, as a PNG. Undefined when there is nothing to draw. Run as
 * a CPU task (cpu-tasks.ts): ECharts lays a chart out and writes its SVG on the calling thread.
 */
export async function renderChart(input: ReportChartInput): Promise<RenderedChart | undefined> {
  const { type, chartId, lang } = input;
  const model = chartModelOf(input.model);
  if (model.categories.length === 0 || model.series.every((s) => s.values.every((v) => v === 0))) return undefined;
  if (type === 'map') registerMaps();
  const chartType: ChartType = (CHART_TYPES as readonly string[]).includes(type) ? (type as ChartType) : 'bar';
  // Rankings drawn as horizontal bars need room for every name, as on the dashboard.
  const height = type === 'bar' && !model.ordered ? Math.max(HEIGHT, model.categories.length * 24 + 80) : HEIGHT;
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: WIDTH, height });
  try {
    chart.setOption({
      ...buildChartOption(model, type, {
        palette: defaultPaletteFor(`${chartType}.${chartId}`, chartType),
        fontSize: DEFAULT_CHART_SIZE.fontSize,
        legendPosition: DEFAULT_CHART_SIZE.legendPosition,
        showLabel: DEFAULT_CHART_SIZE.showLabel,
        formatCount: formatCount(lang),
      }),
      animation: false,
      backgroundColor: '#ffffff',
      textStyle: { fontFamily: 'Noto Sans CJK SC, sans-serif' },
    });
    const svg = chart.renderToSVGString();
    // 1.5× as the browser's export draws it (getDataURL pixelRatio 1.5): sharp in print quality.
    const png = await sharp(Buffer.from(svg), { density: 108 }).flatten({ background: '#ffffff' }).png().toBuffer();
    const meta = await sharp(png).metadata();
    return { png, width: meta.width ?? WIDTH, height: meta.height ?? height };
  } finally {
    chart.dispose();
  }
}
