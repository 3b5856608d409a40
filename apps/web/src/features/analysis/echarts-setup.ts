import * as echarts from 'echarts/core';
import { BarChart, HeatmapChart, LineChart, MapChart, PieChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
// Registers the wordCloud series type.
import 'echarts-wordcloud';

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
