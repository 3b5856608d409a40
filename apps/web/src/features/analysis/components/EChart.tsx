import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { Spin } from 'antd';
import ReactECharts from 'echarts-for-react/esm/core';
import { echarts } from '../echarts-setup';
import type { EChartsOption } from 'echarts';

export interface EChartHandle {
  /** The chart as a PNG data URL (ECharts getDataURL), white background. */
  pngDataUrl: () => string | undefined;
  resize: () => void;
}

interface EChartProps {
  option: EChartsOption;
  height: number;
  /** The registered map the option needs, loaded on first use. */
  map?: 'world' | 'china';
  onElementClick?: (params: { data?: unknown }) => void;
}

const loadedMaps = new Set<string>();

/** Registers a GeoJSON map from echarts-map once; the files are fetched only for map charts. */
async function ensureMap(name: 'world' | 'china'): Promise<void> {
  if (loadedMaps.has(name)) return;
  const json =
    name === 'world'
      ? (await import('echarts-map/json/world.json')).default
      : (await import('echarts-map/json/china.json')).default;
  echarts.registerMap(name, json as unknown as Parameters<typeof echarts.registerMap>[1]);
  loadedMaps.add(name);
}

/** One ECharts canvas. Options replace the previous one whole (a switched chart type leaves nothing behind). */
export const EChart = forwardRef<EChartHandle, EChartProps>(function EChart(
  { option, height, map, onElementClick },
  ref,
) {
  const chart = useRef<ReactECharts>(null);
  const [mapReady, setMapReady] = useState(() => !map || loadedMaps.has(map));
  const [shownMap, setShownMap] = useState(map);
  if (shownMap !== map) {
    setShownMap(map);
    setMapReady(!map || loadedMaps.has(map));
  }
  useEffect(() => {
    if (!map || loadedMaps.has(map)) return;
    let live = true;
    void ensureMap(map).then(() => live && setMapReady(true));
    return () => {
      live = false;
    };
  }, [map]);

  useImperativeHandle(ref, () => ({
    pngDataUrl: () =>
      chart.current?.getEchartsInstance().getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' }),
    resize: () => chart.current?.getEchartsInstance().resize(),
  }));

  if (!mapReady) return <Spin className="analysis-chart-loading" />;
  return (
    <ReactECharts
      ref={chart}
      echarts={echarts}
      option={option}
      notMerge
      style={{ height, width: '100%' }}
      onEvents={onElementClick ? { click: onElementClick } : undefined}
    />
  );
});
