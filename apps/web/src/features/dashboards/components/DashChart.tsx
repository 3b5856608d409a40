import { useEffect, useState } from 'react';
import { Empty, Spin } from 'antd';
import * as echarts from 'echarts';
import type { EChartsOption } from 'echarts';
import ReactECharts from 'echarts-for-react';

let chinaRegistered = false;

/** Registers echarts-map's China GeoJSON once (its features are named by short names: 广东, 内蒙古…). */
async function ensureChinaMap(): Promise<void> {
  if (chinaRegistered) return;
  const json = (await import('echarts-map/json/china.json')).default;
  echarts.registerMap('china', json as unknown as Parameters<typeof echarts.registerMap>[1]);
  chinaRegistered = true;
}

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
  const [isMapReady, setMapReady] = useState(!needsChinaMap || chinaRegistered);
  useEffect(() => {
    if (!needsChinaMap || chinaRegistered) return;
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
      <ReactECharts
        option={option}
        notMerge
        style={{ height, width: '100%', cursor: onClick ? 'pointer' : undefined }}
        onEvents={onClick ? { click: (params: ChartClick) => onClick(params) } : {}}
      />
    </div>
  );
}
