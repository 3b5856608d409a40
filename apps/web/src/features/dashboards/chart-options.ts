import type { EChartsOption } from 'echarts';
import { escapeHtml } from '@patlas/charts';
import type { AnalysisBucket, Language } from '@patlas/contracts';
import { formatCount } from '../../utils/format-count';

const PALETTE = [
  '#1677ff',
  '#13c2c2',
  '#52c41a',
  '#faad14',
  '#f5222d',
  '#722ed1',
  '#eb2f96',
  '#fa8c16',
  '#2f54eb',
  '#a0d911',
];

/** Applications per year: bars, each one a result page. */
export function trendOption(points: readonly AnalysisBucket[], seriesName: string, lang: Language): EChartsOption {
  return {
    color: PALETTE,
    tooltip: { trigger: 'axis' },
    grid: { left: 48, right: 16, top: 24, bottom: 32 },
    xAxis: { type: 'category', data: points.map((p) => p.key) },
    yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: (v: number) => formatCount(v, lang) } },
    series: [
      {
        name: seriesName,
        type: 'bar',
        data: points.map((p) => p.count),
        barMaxWidth: 28,
        label: { show: points.length <= 15, position: 'top', formatter: (p) => formatCount(Number(p.value), lang) },
      },
      { name: seriesName, type: 'line', data: points.map((p) => p.count), symbolSize: 6 },
    ],
  };
}

/** A share chart (patent types, legal status). `name` of each slice is its label; the key rides along. */
export function pieOption(items: readonly { key: string; label: string; count: number }[]): EChartsOption {
  return {
    color: PALETTE,
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0, type: 'scroll' },
    series: [
      {
        type: 'pie',
        radius: ['38%', '66%'],
        center: ['50%', '45%'],
        data: items.map((i) => ({ name: i.label, value: i.count, key: i.key })),
        label: { formatter: '{b}\n{d}%' },
      },
    ],
  };
}

/** A horizontal ranking (technology mix), largest on top. */
export function barOption(
  items: readonly { key: string; label: string; count: number }[],
  lang: Language,
): EChartsOption {
  const shown = [...items].reverse();
  return {
    color: [PALETTE[0]!],
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 40, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: (v: number) => formatCount(v, lang) } },
    yAxis: { type: 'category', data: shown.map((i) => i.label), axisLabel: { width: 140, overflow: 'truncate' } },
    series: [
      {
        type: 'bar',
        data: shown.map((i) => ({ value: i.count, key: i.key })),
        barMaxWidth: 18,
        label: { show: true, position: 'right', formatter: (p) => formatCount(Number(p.value), lang) },
      },
    ],
  };
}

/** China by province: `name` is the GeoJSON's short name, `key` the full name the API counts by. */
export function chinaMapOption(
  regions: readonly { short: string; key: string; label: string; count: number }[],
  selectedShort: string | undefined,
  lang: Language,
): EChartsOption {
  const max = Math.max(1, ...regions.map((r) => r.count));
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p) => {
        const d = (p as { data?: { regionLabel?: string; value?: number } }).data;
        // ECharts takes a formatter's answer as HTML: the label is made inert (issue 41 §5).
        return d ? `${escapeHtml(d.regionLabel)}: ${escapeHtml(formatCount(d.value ?? 0, lang))}` : '';
      },
    },
    visualMap: {
      min: 0,
      max,
      left: 8,
      bottom: 8,
      calculable: true,
      inRange: { color: ['#e6f4ff', '#69b1ff', '#0958d9'] },
      formatter: (v) => formatCount(Number(v), lang),
    },
    series: [
      {
        type: 'map',
        map: 'china',
        roam: false,
        selectedMode: 'single',
        label: { show: false },
        // The GeoJSON names are Chinese; the label says the name in the UI language.
        emphasis: {
          label: {
            show: true,
            formatter: (p) => (p.data as { regionLabel?: string } | undefined)?.regionLabel ?? p.name,
          },
        },
        select: {
          itemStyle: { areaColor: '#faad14' },
          label: {
            show: true,
            formatter: (p) => (p.data as { regionLabel?: string } | undefined)?.regionLabel ?? p.name,
          },
        },
        data: regions.map((r) => ({
          name: r.short,
          value: r.count,
          key: r.key,
          regionLabel: r.label,
          selected: r.short === selectedShort,
        })),
      },
    ],
  };
}
