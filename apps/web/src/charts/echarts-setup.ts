import * as echarts from 'echarts/core';
import { BarChart, HeatmapChart, LineChart, MapChart, PieChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

/**
 * ECharts with only the charts the analysis pages draw: the full build alone is over a megabyte,
 * this keeps the lazily loaded chart chunk about half of that.
 */
echarts.use([
  BarChart,
  LineChart,
  PieChart,
  MapChart,
  HeatmapChart,
  ScatterChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

export { echarts };

/** What some charts need loaded first: a GeoJSON map or the word-cloud series type. */
export type ChartExtension = 'world' | 'china' | 'wordCloud';

const loaded = new Set<ChartExtension>();

export function isExtensionLoaded(extension: ChartExtension): boolean {
  return loaded.has(extension);
}

/**
 * Loads an extension once. Maps come from echarts-map's GeoJSON and the word cloud from
 * echarts-wordcloud (which also needs a canvas when it loads), so pages without them never fetch them.
 */
export async function loadExtension(extension: ChartExtension): Promise<void> {
  if (loaded.has(extension)) return;
  if (extension === 'wordCloud') {
    await import('echarts-wordcloud');
  } else {
    const json =
      extension === 'world'
        ? (await import('echarts-map/json/world.json')).default
        : (await import('echarts-map/json/china.json')).default;
    echarts.registerMap(extension, json as unknown as Parameters<typeof echarts.registerMap>[1]);
  }
  loaded.add(extension);
}

type ChartInstance = ReturnType<typeof echarts.init>;

/**
 * Disposes a chart without leaving a paint behind. ECharts 6.1 marks every heatmap cell drawn by a
 * plain render as incremental (its getIncrementalId reads an absent `useIncremental` as true), so
 * zrender paints them in 15 ms slices, the next slice queued with requestAnimationFrame. A chart
 * disposed between two slices then had its painter called with no layers: "Cannot read properties
 * of null (reading 'layerStack')" (the analysis export draws and disposes each chart at once; the
 * page disposes one when the chart is switched). The painter drops a slice whose redraw id is no
 * longer its own, so the id is changed first. zrender's private field: checked to be a number.
 */
export function disposeChart(chart: ChartInstance): void {
  if (chart.isDisposed()) return;
  const painter = chart.getZr().painter as unknown as { _redrawId?: unknown } | undefined;
  if (painter && typeof painter._redrawId === 'number') painter._redrawId = Number.NaN;
  chart.dispose();
}
