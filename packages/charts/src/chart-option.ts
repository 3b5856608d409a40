import type { EChartsOption } from 'echarts';
import type { ChartModel, ViewType } from './chart-model.js';

/** Presentation settings of one chart (chart-settings' size settings and palette). */
export interface ChartLook {
  palette: readonly string[];
  fontSize: number;
  legendPosition: 'top' | 'bottom' | 'left' | 'right' | 'hidden';
  showLabel: boolean;
  /** Axis and tooltip numbers in 万/亿 (zh) or K/M (en). */
  formatCount: (value: number) => string;
}

/** Data item of every series: the category it stands for, so a click finds its element. */
interface ItemRef {
  categoryIndex: number;
  seriesIndex: number;
}

/** What a click names: a chart element, or one patent (a landscape dot). */
export type ClickedElement = ItemRef | { publicationNumber: string };

function legendOf(model: ChartModel, look: ChartLook): EChartsOption['legend'] {
  if (look.legendPosition === 'hidden' || model.series.length < 2) return { show: false };
  const vertical = look.legendPosition === 'left' || look.legendPosition === 'right';
  return {
    type: 'scroll',
    [look.legendPosition]: vertical ? 0 : 4,
    orient: vertical ? 'vertical' : 'horizontal',
    textStyle: { fontSize: look.fontSize },
  };
}

function gridOf(model: ChartModel, look: ChartLook, horizontal: boolean) {
  const legend = model.series.length > 1 && look.legendPosition !== 'hidden' ? look.legendPosition : undefined;
  return {
    top: legend === 'top' ? 40 : 24,
    bottom: legend === 'bottom' ? 48 : 16,
    left: legend === 'left' ? 140 : 16,
    right: legend === 'right' ? 140 : 32,
    containLabel: true,
    ...(horizontal ? {} : {}),
  };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * A text made inert for HTML. ECharts puts what a tooltip formatter function answers into the page
 * as HTML (its own templates and default tooltips escape; a function's answer is taken as is), and
 * names, titles and categories come from the corpus and from users (issue 41 §5).
 */
export function escapeHtml(text: unknown): string {
  return String(text ?? '').replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** Long names are cut on the axis; the tooltip and the table show them whole. */
function shorten(label: string, max = 18): string {
  return label.length > max ? `${label.slice(0, max - 1)}…` : label;
}

function cartesian(model: ChartModel, type: 'bar' | 'line', look: ChartLook): EChartsOption {
  // Rankings read top down as horizontal bars; years run left to right.
  const horizontal = type === 'bar' && !model.ordered;
  const categoryAxis = {
    type: 'category' as const,
    data: model.categories.map((c) => c.label),
    inverse: horizontal,
    axisLabel: {
      fontSize: look.fontSize,
      formatter: (value: string) => shorten(value),
      ...(horizontal ? {} : { rotate: model.categories.length > 12 ? 45 : 0 }),
    },
  };
  const valueAxis = {
    type: 'value' as const,
    minInterval: 1,
    axisLabel: { fontSize: look.fontSize, formatter: (value: number) => look.formatCount(value) },
  };
  return {
    color: [...look.palette],
    tooltip: {
      trigger: model.series.length > 1 ? 'axis' : 'item',
      confine: true,
      valueFormatter: (v) => look.formatCount(Number(v)),
    },
    legend: legendOf(model, look),
    grid: gridOf(model, look, horizontal),
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? categoryAxis : valueAxis,
    series: model.series.map((series, s) => ({
      type,
      name: series.name,
      ...(model.stacked && type === 'bar' && model.series.length > 1 ? { stack: 'total' } : {}),
      ...(type === 'line' ? { smooth: false, symbolSize: 6 } : { barMaxWidth: 36 }),
      // One colour per bar when there is one series, like the ranking charts of incoPat.
      ...(type === 'bar' && model.series.length === 1 ? { colorBy: 'data' as const } : {}),
      label: {
        show: look.showLabel,
        position: horizontal ? 'right' : 'top',
        fontSize: look.fontSize,
        formatter: (p: { value?: unknown }) => look.formatCount(Number(p.value)),
      },
      cursor: 'pointer',
      data: series.values.map(
        (value, c) => ({ value, categoryIndex: c, seriesIndex: s }) satisfies ItemRef & { value: number },
      ),
    })),
  };
}

function pie(model: ChartModel, look: ChartLook): EChartsOption {
  const series = model.series[0];
  return {
    color: [...look.palette],
    tooltip: { trigger: 'item', confine: true, formatter: '{b}: {c} ({d}%)' },
    legend:
      look.legendPosition === 'hidden'
        ? { show: false }
        : {
            type: 'scroll',
            orient: 'vertical',
            right: 0,
            top: 'middle',
            textStyle: { fontSize: look.fontSize },
            formatter: (name: string) => shorten(name, 24),
          },
    series: [
      {
        type: 'pie',
        name: series?.name,
        radius: ['30%', '65%'],
        center: look.legendPosition === 'hidden' ? ['50%', '50%'] : ['38%', '50%'],
        label: {
          show: true,
          fontSize: look.fontSize,
          formatter: (p: { name: string; percent?: number }) => `${shorten(p.name, 12)} ${p.percent ?? 0}%`,
        },
        cursor: 'pointer',
        data: model.categories
          .map((category, c) => ({
            name: category.label,
            value: series?.values[c] ?? 0,
            categoryIndex: c,
            seriesIndex: 0,
          }))
          .filter((item) => item.value > 0),
      },
    ],
  };
}

function map(model: ChartModel, look: ChartLook): EChartsOption {
  const series = model.series[0];
  const regions = model.map;
  const data: (ItemRef & { name: string; value: number })[] = [];
  if (regions && series) {
    model.categories.forEach((category, c) => {
      const name = regions.regionOf(category);
      if (!name) return;
      // Several keys can fall in one region (CN, TW on the world map): their counts add up, the first one opens.
      const existing = data.find((d) => d.name === name);
      if (existing) existing.value += series.values[c] ?? 0;
      else data.push({ name, value: series.values[c] ?? 0, categoryIndex: c, seriesIndex: 0 });
    });
  }
  const max = Math.max(1, ...data.map((d) => d.value));
  return {
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (p) => {
        const item = p as { name: string; value?: number };
        const count = Number.isFinite(item.value) ? look.formatCount(Number(item.value)) : '0';
        return `${escapeHtml(item.name)}: ${escapeHtml(count)}`;
      },
    },
    visualMap: {
      min: 0,
      max,
      left: 8,
      bottom: 8,
      calculable: true,
      inRange: { color: [...look.palette] },
      textStyle: { fontSize: look.fontSize },
    },
    series: [
      {
        type: 'map',
        map: regions?.name ?? 'world',
        name: series?.name,
        roam: true,
        ...(regions?.name === 'china' ? { zoom: 1.2, center: [105, 36] } : {}),
        label: { show: look.showLabel || regions?.name === 'china', fontSize: Math.max(9, look.fontSize - 2) },
        emphasis: { label: { show: true } },
        cursor: 'pointer',
        data,
      },
    ],
  } as EChartsOption;
}

function heatmap(model: ChartModel, look: ChartLook): EChartsOption {
  const data: { value: [number, number, number]; categoryIndex: number; seriesIndex: number }[] = [];
  model.series.forEach((series, s) =>
    series.values.forEach((value, c) => data.push({ value: [c, s, value], categoryIndex: c, seriesIndex: s })),
  );
  const max = Math.max(1, ...data.map((d) => d.value[2]));
  return {
    tooltip: {
      confine: true,
      formatter: (p) => {
        const item = p as { data?: { value: [number, number, number] } };
        const [c, s, v] = item.data?.value ?? [0, 0, 0];
        const category = escapeHtml(model.categories[c]?.label);
        return `${escapeHtml(model.series[s]?.name)}<br/>${category}: ${escapeHtml(look.formatCount(v))}`;
      },
    },
    grid: { top: 16, bottom: 64, left: 16, right: 24, containLabel: true },
    xAxis: {
      type: 'category',
      data: model.categories.map((c) => c.label),
      axisLabel: {
        fontSize: look.fontSize,
        // Every column of a matrix is named (ECharts would skip every other one when they crowd);
        // many columns or long names are slanted instead.
        interval: 0,
        rotate:
          model.categories.length > 10
            ? 45
            : model.categories.length > 6 && model.categories.some((c) => c.label.length > 6)
              ? 30
              : 0,
        formatter: (v: string) => shorten(v, 12),
      },
      splitArea: { show: true },
    },
    yAxis: {
      type: 'category',
      data: model.series.map((s) => s.name),
      inverse: true,
      axisLabel: { fontSize: look.fontSize, formatter: (v: string) => shorten(v, 16) },
      splitArea: { show: true },
    },
    visualMap: {
      min: 0,
      max,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      calculable: true,
      inRange: { color: [...look.palette] },
      textStyle: { fontSize: look.fontSize },
    },
    series: [
      {
        type: 'heatmap',
        label: {
          show: true,
          fontSize: Math.max(9, look.fontSize - 2),
          formatter: (p: { data?: { value: number[] } }) => {
            const v = p.data?.value[2] ?? 0;
            return v > 0 ? look.formatCount(v) : '';
          },
        },
        cursor: 'pointer',
        data,
      },
    ],
  } as EChartsOption;
}

/** Technology lifecycle: applicants (x) against applications (y), one point per year in time order. */
function lifecycle(model: ChartModel, look: ChartLook): EChartsOption {
  const [applications, applicants] = model.series;
  const data = model.categories.map((category, c) => ({
    value: [applicants?.values[c] ?? 0, applications?.values[c] ?? 0],
    name: category.label,
    categoryIndex: c,
    seriesIndex: 0,
  }));
  return {
    color: [...look.palette],
    tooltip: {
      confine: true,
      formatter: (p) => {
        const item = p as { name: string; value: number[] };
        const line = (name: string | undefined, value: number | undefined) =>
          `${escapeHtml(name)}: ${escapeHtml(look.formatCount(value ?? 0))}`;
        return `${escapeHtml(item.name)}<br/>${line(applications?.name, item.value[1])}<br/>${line(applicants?.name, item.value[0])}`;
      },
    },
    grid: { top: 32, bottom: 40, left: 24, right: 40, containLabel: true },
    xAxis: {
      type: 'value',
      name: applicants?.name,
      nameLocation: 'middle',
      nameGap: 28,
      minInterval: 1,
      axisLabel: { fontSize: look.fontSize },
    },
    yAxis: {
      type: 'value',
      name: applications?.name,
      minInterval: 1,
      axisLabel: { fontSize: look.fontSize, formatter: (v: number) => look.formatCount(v) },
    },
    series: [
      {
        type: 'line',
        data,
        symbolSize: 10,
        cursor: 'pointer',
        label: { show: true, formatter: '{b}', position: 'top', fontSize: Math.max(9, look.fontSize - 2) },
        lineStyle: { width: 1.5 },
      },
    ],
  } as EChartsOption;
}

/** Key terms sized by their TF-IDF weight; the tooltip gives the patents that contain them. */
function wordCloud(model: ChartModel, look: ChartLook): EChartsOption {
  const counts = model.series[0]?.values ?? [];
  const weights = model.weights ?? counts;
  const palette = look.palette.length > 0 ? look.palette : ['#1677ff'];
  return {
    tooltip: {
      confine: true,
      formatter: (p: unknown) => {
        const item = p as { name: string; data?: { categoryIndex: number } };
        return `${escapeHtml(item.name)}: ${escapeHtml(look.formatCount(counts[item.data?.categoryIndex ?? -1] ?? 0))}`;
      },
    },
    series: [
      {
        type: 'wordCloud',
        shape: 'circle',
        left: 'center',
        top: 'center',
        width: '96%',
        height: '96%',
        sizeRange: [Math.max(10, look.fontSize), Math.max(40, look.fontSize * 4)],
        rotationRange: [0, 0],
        gridSize: 6,
        drawOutOfBound: false,
        cursor: 'pointer',
        textStyle: { fontFamily: 'sans-serif', fontWeight: 'bold' },
        emphasis: { textStyle: { shadowBlur: 6, shadowColor: 'rgba(0,0,0,0.3)' } },
        data: model.categories.map((category, c) => ({
          name: category.label,
          value: weights[c] ?? 0,
          categoryIndex: c,
          seriesIndex: 0,
          textStyle: { color: palette[c % palette.length] },
        })),
      },
    ],
  } as unknown as EChartsOption;
}

/**
 * The patent landscape: the smoothed density of the documents as contour bands (a heat map over
 * the server's grid, in steps), the documents as dots and the peaks with their labels.
 */
function landscape(model: ChartModel, look: ChartLook): EChartsOption {
  const map = model.landscape;
  if (!map) return {};
  const n = map.grid.size;
  const toCell = (v: number) => (v / map.extent) * n - 0.5;
  const cells: [number, number, number][] = [];
  map.grid.values.forEach((value, index) => {
    if (value > 0) cells.push([index % n, Math.floor(index / n), value]);
  });
  const max = Math.max(1e-9, ...map.grid.values);
  const bands = Math.max(3, look.palette.length);
  const axis = (name: 'x' | 'y') => ({
    type: 'category' as const,
    data: Array.from({ length: n }, (_, i) => String(i)),
    show: false,
    boundaryGap: true,
    ...(name === 'y' ? {} : {}),
  });
  return {
    grid: { top: 8, bottom: 8, left: 8, right: 8 },
    tooltip: {
      confine: true,
      formatter: (p: unknown) => {
        const item = p as { seriesIndex: number; data?: { name?: string; title?: string; count?: number } };
        if (item.seriesIndex === 1) return `${escapeHtml(item.data?.name)}<br/>${escapeHtml(item.data?.title)}`;
        if (item.seriesIndex === 2) {
          return `${escapeHtml(item.data?.name)}: ${escapeHtml(look.formatCount(item.data?.count ?? 0))}`;
        }
        return '';
      },
    },
    xAxis: axis('x'),
    yAxis: axis('y'),
    visualMap: {
      type: 'piecewise',
      show: false,
      seriesIndex: 0,
      min: 0,
      max,
      splitNumber: bands,
      inRange: { color: [...look.palette] },
    },
    series: [
      { type: 'heatmap', data: cells, silent: true, progressive: 0 },
      {
        type: 'scatter',
        symbolSize: 4,
        itemStyle: { color: 'rgba(20, 40, 80, 0.45)' },
        cursor: 'pointer',
        data: map.points.map((point) => ({
          value: [toCell(point.x), toCell(point.y)],
          name: point.publicationNumber,
          title: point.title ?? '',
          publicationNumber: point.publicationNumber,
        })),
      },
      {
        type: 'scatter',
        symbol: 'pin',
        symbolSize: 28,
        itemStyle: { color: '#d4380d' },
        cursor: 'pointer',
        label: {
          show: true,
          position: 'top',
          fontSize: look.fontSize,
          fontWeight: 'bold',
          color: '#1f1f1f',
          backgroundColor: 'rgba(255,255,255,0.8)',
          padding: [2, 4],
          borderRadius: 3,
          formatter: (p: { name: string }) => shorten(p.name, 22),
        },
        data: map.peaks.map((peak, c) => ({
          value: [toCell(peak.x), toCell(peak.y)],
          name: model.categories[c]?.label ?? peak.label,
          count: peak.count,
          categoryIndex: c,
          seriesIndex: 0,
        })),
      },
    ],
  } as unknown as EChartsOption;
}

/** The ECharts option of a model drawn as `type` (not for `table`, which antd draws). */
export function buildChartOption(model: ChartModel, type: ViewType, look: ChartLook): EChartsOption {
  switch (type) {
    case 'pie':
      return pie(model, look);
    case 'map':
      return map(model, look);
    case 'heatmap':
      return heatmap(model, look);
    case 'scatter':
      return lifecycle(model, look);
    case 'wordCloud':
      return wordCloud(model, look);
    case 'landscape':
      return landscape(model, look);
    case 'line':
      return cartesian(model, 'line', look);
    default:
      return cartesian(model, 'bar', look);
  }
}

/** The element an ECharts click event names (its data item carries the indices). */
export function elementOfClick(params: { data?: unknown }): ClickedElement | undefined {
  const data = params.data as (Partial<ItemRef> & { publicationNumber?: unknown }) | undefined;
  if (typeof data?.publicationNumber === 'string') return { publicationNumber: data.publicationNumber };
  if (!data || typeof data.categoryIndex !== 'number' || typeof data.seriesIndex !== 'number') return undefined;
  return { categoryIndex: data.categoryIndex, seriesIndex: data.seriesIndex };
}
