import { CHART_TYPES, DEFAULT_CHART_SIZE, defaultPaletteFor, type ChartType } from '@patlas/contracts';
import { disposeChart, echarts, loadExtension, type ChartExtension } from '../../charts/echarts-setup';
import type { ChartModel, ViewType } from './chart-model';
import { buildChartOption } from '@patlas/charts';

/** Width of a chart drawn off screen for an export: about the dashboard's panel. */
const WIDTH = 900;
const HEIGHT = 480;

/**
 * A chart drawn off screen as the dashboard draws it (its first view, default palette and size) and
 * answered as a PNG data URL (ECharts getDataURL): the whole-dashboard export's images. A table
 * view, or a chart with nothing to draw, has no image.
 */
export async function drawChartPng(
  model: ChartModel,
  type: ViewType,
  chartId: string,
  formatCount: (n: number) => string,
): Promise<string | undefined> {
  if (type === 'table' || model.series.every((s) => s.values.every((v) => v === 0))) return undefined;
  const extension: ChartExtension | undefined =
    type === 'map' && model.map ? model.map.name : type === 'wordCloud' ? 'wordCloud' : undefined;
  if (extension) await loadExtension(extension);
  const chartType: ChartType = (CHART_TYPES as readonly string[]).includes(type) ? (type as ChartType) : 'bar';
  // Rankings drawn as horizontal bars need room for every name, as on the dashboard.
  const height = type === 'bar' && !model.ordered ? Math.max(HEIGHT, model.categories.length * 24 + 80) : HEIGHT;
  const host = document.createElement('div');
  host.style.cssText = `position:fixed;left:-${WIDTH * 3}px;top:0;width:${WIDTH}px;height:${height}px;`;
  document.body.appendChild(host);
  const chart = echarts.init(host, undefined, { renderer: 'canvas', width: WIDTH, height });
  try {
    chart.setOption({
      ...buildChartOption(model, type, {
        palette: defaultPaletteFor(`${chartType}.${chartId}`, chartType),
        fontSize: DEFAULT_CHART_SIZE.fontSize,
        legendPosition: DEFAULT_CHART_SIZE.legendPosition,
        showLabel: DEFAULT_CHART_SIZE.showLabel,
        formatCount,
      }),
      animation: false,
    });
    return chart.getDataURL({ type: 'png', pixelRatio: 1.5, backgroundColor: '#fff' });
  } finally {
    disposeChart(chart);
    host.remove();
  }
}
