import { Empty } from 'antd';
import type { EChartsOption } from 'echarts';
import { EChart, type ChartClick } from '../../../charts/EChart';

export type { ChartClick };

interface DashChartProps {
  option: EChartsOption;
  height: number;
  /** Nothing to draw: an empty state instead of blank axes. */
  isEmpty?: boolean;
  /** The China map (echarts-map's GeoJSON, provinces by short name: 广东, 内蒙古…) must be registered first. */
  needsChinaMap?: boolean;
  onClick?: (params: ChartClick) => void;
  /** For tests and screen readers. */
  label: string;
}

/** One ECharts canvas of a dashboard (the analysis pages' chart); every element is clickable when onClick is given. */
export function DashChart({ option, height, isEmpty, needsChinaMap, onClick, label }: DashChartProps) {
  if (isEmpty) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} style={{ margin: 0, padding: '40px 0' }} />;
  return (
    <div role="figure" aria-label={label} data-chart={label} style={{ cursor: onClick ? 'pointer' : undefined }}>
      <EChart
        option={option}
        height={height}
        {...(needsChinaMap ? { extension: 'china' as const } : {})}
        {...(onClick ? { onElementClick: onClick } : {})}
        loadingClassName="dash-loading"
      />
    </div>
  );
}
