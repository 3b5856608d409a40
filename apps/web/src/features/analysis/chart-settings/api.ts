import { chartEndpoints } from '@patlas/contracts';
import type {
  AddChartRequest,
  AddClassifyRequest,
  ChartClassify,
  ChartColorConfig,
  ChartInfo,
  ChartSizeConfig,
  GetChartInfoRequest,
  GetCustomizeColorRequest,
  SavedChart,
  SaveChartSizeRequest,
  SetCustomizeColorRequest,
  UpdateChartRequest,
  UpdateClassifyRequest,
} from '@patlas/contracts';
import type { RequestOptions } from '../../../api/client';
import { call } from '../../../api/endpoint-call';

type Options = Omit<RequestOptions, 'query'>;

// Chart customisation calls of spec 2 §7 (packages/contracts/src/endpoints/chart.ts, docs/charts.md).

export function getCustomizeColor(body: GetCustomizeColorRequest, options: Options): Promise<ChartColorConfig[]> {
  return call(chartEndpoints.getColors, { body }, options);
}
export function setUpCustomizeColor(body: SetCustomizeColorRequest, options: Options): Promise<ChartColorConfig> {
  return call(chartEndpoints.setColors, { body }, options);
}
export function delCustomizeColor(id: string, options: Options): Promise<ChartColorConfig> {
  return call(chartEndpoints.deleteColors, { params: { id } }, options);
}

export function getSizeInfos(item: string | undefined, options: Options): Promise<ChartSizeConfig[]> {
  return call(chartEndpoints.getSizes, { body: item ? { item } : {} }, options);
}
export function saveSize(body: SaveChartSizeRequest, options: Options): Promise<ChartSizeConfig> {
  return call(chartEndpoints.saveSize, { body }, options);
}
export function resetSize(item: string | undefined, options: Options): Promise<ChartSizeConfig[]> {
  return call(chartEndpoints.resetSizes, { body: item ? { item } : {} }, options);
}

export function getChartInfo(body: GetChartInfoRequest, options: Options): Promise<ChartInfo> {
  return call(chartEndpoints.getChartInfo, { body }, options);
}
export function addClassify(body: AddClassifyRequest, options: Options): Promise<ChartClassify> {
  return call(chartEndpoints.addClassify, { body }, options);
}
export function updateClassify(body: UpdateClassifyRequest, options: Options): Promise<ChartClassify> {
  return call(chartEndpoints.updateClassify, { body }, options);
}
export function deleteClassify(id: string, options: Options): Promise<null> {
  return call(chartEndpoints.deleteClassify, { params: { id } }, options);
}
export function addChart(body: AddChartRequest, options: Options): Promise<SavedChart> {
  return call(chartEndpoints.addChart, { body }, options);
}
export function updateChart(body: UpdateChartRequest, options: Options): Promise<SavedChart> {
  return call(chartEndpoints.updateChart, { body }, options);
}
export function deleteChart(id: string, options: Options): Promise<null> {
  return call(chartEndpoints.deleteChart, { params: { id } }, options);
}
export function restoreChart(id: string, options: Options): Promise<SavedChart> {
  return call(chartEndpoints.restoreChart, { params: { id } }, options);
}
