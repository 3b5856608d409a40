import { forwardRef, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import { Spin } from 'antd';
import { disposeChart, echarts, isExtensionLoaded, loadExtension, type ChartExtension } from './echarts-setup';
import type { EChartsOption } from 'echarts';
import { usePrefersReducedMotion } from '../components/ui/reduced-motion';

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

type Instance = ReturnType<typeof echarts.init>;

/** The instance, or nothing once it is disposed (a call on a disposed instance throws in zrender). */
function live(instance: Instance | null): Instance | null {
  return instance && !instance.isDisposed() ? instance : null;
}

/**
 * One ECharts canvas, and the one owner of its instance: created when the element mounts, disposed
 * when it unmounts, never used after. Options replace the previous one whole (a switched chart type
 * leaves nothing behind). Written on echarts itself rather than echarts-for-react, whose first render
 * draws on a temporary instance and disposes it from that instance's `finished` event: a resize or
 * an option arriving meanwhile reached the disposed one ("Cannot read properties of null (reading
 * 'layerStack')", seen once in the analysis-export end-to-end test).
 */
export const EChart = forwardRef<EChartHandle, EChartProps>(function EChart(
  { option, height, extension, onElementClick, loadingClassName = 'analysis-chart-loading' },
  ref,
) {
  const [ready, setReady] = useState(() => !extension || isExtensionLoaded(extension));
  const [shownExtension, setShownExtension] = useState(extension);
  if (shownExtension !== extension) {
    setShownExtension(extension);
    setReady(!extension || isExtensionLoaded(extension));
  }
  useEffect(() => {
    if (!extension || isExtensionLoaded(extension)) return;
    let isCurrent = true;
    void loadExtension(extension).then(() => isCurrent && setReady(true));
    return () => {
      isCurrent = false;
    };
  }, [extension]);

  // Bars growing and lines drawing in are motion too: drawn at once for users who asked for less.
  const reducedMotion = usePrefersReducedMotion();
  const element = useRef<HTMLDivElement>(null);
  const instanceRef = useRef<Instance | null>(null);
  useImperativeHandle(ref, () => ({
    pngDataUrl: () => live(instanceRef.current)?.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' }),
    resize: () => live(instanceRef.current)?.resize(),
  }));

  // Layout effects, in this order: the instance exists before the first option is set on it.
  useLayoutEffect(() => {
    const host = element.current;
    if (!ready || !host) return;
    let chart: Instance;
    try {
      chart = echarts.init(host);
    } catch (error) {
      // No 2D canvas here (jsdom, a locked-down browser): the box stays empty, the page stays up.
      console.error('chart not drawn', error);
      return;
    }
    instanceRef.current = chart;
    // The canvas follows its box (window resizes, a side panel opening, full screen).
    const observer =
      typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => live(chart)?.resize());
    observer?.observe(host);
    return () => {
      observer?.disconnect();
      if (instanceRef.current === chart) instanceRef.current = null;
      disposeChart(chart);
    };
  }, [ready]);

  useLayoutEffect(() => {
    if (!ready) return;
    try {
      live(instanceRef.current)?.setOption(reducedMotion ? { ...option, animation: false } : option, {
        notMerge: true,
      });
    } catch (error) {
      console.error('chart not drawn', error);
    }
  }, [ready, option, reducedMotion]);

  useLayoutEffect(() => {
    if (ready) live(instanceRef.current)?.resize();
  }, [ready, height]);

  useLayoutEffect(() => {
    const chart = ready ? live(instanceRef.current) : null;
    if (!chart || !onElementClick) return;
    const handler = (params: unknown) => onElementClick(params as ChartClick);
    chart.on('click', handler);
    return () => {
      live(chart)?.off('click', handler);
    };
  }, [ready, onElementClick]);

  if (!ready) return <Spin className={loadingClassName} />;
  return <div ref={element} style={{ height, width: '100%' }} />;
});
