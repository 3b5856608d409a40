import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { Spin } from 'antd';
import ReactECharts from 'echarts-for-react/esm/core';
import { echarts, isExtensionLoaded, loadExtension, type ChartExtension } from './echarts-setup';
import type { EChartsOption } from 'echarts';

export interface EChartHandle {
  /** The chart as a PNG data URL (ECharts getDataURL), white background. */
  pngDataUrl: () => string | undefined;
  resize: () => void;
}

/** What ECharts tells of a clicked element (the fields the pages read). */
export interface ChartClick {
  name?: string;
  data?: unknown;
  dataIndex?: number;
  seriesIndex?: number;
}

interface EChartProps {
  option: EChartsOption;
  height: number;
  /** The map or series type the option needs, loaded on first use. */
  extension?: ChartExtension;
  onElementClick?: (params: ChartClick) => void;
  /** Class of the spinner shown while the extension loads. */
  loadingClassName?: string;
}

/** One ECharts canvas. Options replace the previous one whole (a switched chart type leaves nothing behind). */
export const EChart = forwardRef<EChartHandle, EChartProps>(function EChart(
  { option, height, extension, onElementClick, loadingClassName = 'analysis-chart-loading' },
  ref,
) {
  const chart = useRef<ReactECharts>(null);
  const [ready, setReady] = useState(() => !extension || isExtensionLoaded(extension));
  const [shownExtension, setShownExtension] = useState(extension);
  if (shownExtension !== extension) {
    setShownExtension(extension);
    setReady(!extension || isExtensionLoaded(extension));
  }
  useEffect(() => {
    if (!extension || isExtensionLoaded(extension)) return;
    let live = true;
    void loadExtension(extension).then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [extension]);

  useImperativeHandle(ref, () => ({
    pngDataUrl: () =>
      chart.current?.getEchartsInstance().getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' }),
    resize: () => chart.current?.getEchartsInstance().resize(),
  }));

  if (!ready) return <Spin className={loadingClassName} />;
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
