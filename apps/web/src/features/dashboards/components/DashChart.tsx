import { useEffect, useState } from 'react';
import { Empty, Spin } from 'antd';
import type { EChartsOption } from 'echarts';
import ReactEChartsCore from 'echarts-for-react/esm/core';
// The analysis pages' tree-shaken ECharts (bar, line, pie, map…), not the whole library.
import { echarts, isExtensionLoaded, loadExtension } from '../../analysis/echarts-setup';

/** echarts-map's China GeoJSON names provinces by short names: 广东, 内蒙古… */
const ensureChinaMap = () => loadExtension('china');

export interface ChartClick {
  name?: string;
  data?: unknown;
  dataIndex?: number;
  seriesIndex?: number;
}

interface DashChartProps {
  option: EChartsOption;
  height: number;
  /** Nothing to draw: an empty state instead of blank axes. */
  isEmpty?: boolean;
  /** The China map must be registered before the option is drawn. */
  needsChinaMap?: boolean;
  onClick?: (params: ChartClick) => void;
  /** For tests and screen readers. */
  label: string;
}

/** One ECharts canvas of a dashboard; every element is clickable when onClick is given. */
export function DashChart({ option, height, isEmpty, needsChinaMap, onClick, label }: DashChartProps) {
  const [isMapReady, setMapReady] = useState(!needsChinaMap || isExtensionLoaded('china'));
  useEffect(() => {
    if (!needsChinaMap || isExtensionLoaded('china')) return;
    let live = true;
    void ensureChinaMap().then(() => live && setMapReady(true));
    return () => {
      live = false;
    };
  }, [needsChinaMap]);
  if (isEmpty) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} style={{ margin: 0, padding: '40px 0' }} />;
  if (!isMapReady) return <Spin style={{ display: 'block', height, paddingTop: height / 3 }} />;
  return (
    <div role="figure" aria-label={label} data-chart={label}>
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        style={{ height, width: '100%', cursor: onClick ? 'pointer' : undefined }}
        onEvents={onClick ? { click: (params: ChartClick) => onClick(params) } : {}}
      />
    </div>
  );
}
