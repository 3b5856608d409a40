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
import { apiPost, apiSend, type RequestOptions } from '../../../api/client';

type Options = Omit<RequestOptions, 'query'>;

// Chart customisation calls of spec 2 §7 (packages/contracts/src/chart.ts, docs/charts.md).

export function getCustomizeColor(body: GetCustomizeColorRequest, options: Options): Promise<ChartColorConfig[]> {
  return apiPost('/product/customizeColor/getCustomizeColor', body, options);
}
export function setUpCustomizeColor(body: SetCustomizeColorRequest, options: Options): Promise<ChartColorConfig> {
  return apiPost('/product/customizeColor/setUpCustomizeColor', body, options);
}
export function delCustomizeColor(id: string, options: Options): Promise<null> {
  return apiSend('DELETE', `/product/customizeColor/delCustomizeColor/${encodeURIComponent(id)}`, undefined, options);
}

export function getSizeInfos(item: string | undefined, options: Options): Promise<ChartSizeConfig[]> {
  return apiPost('/product/analychartcustomizeconf/getInfos', item ? { item } : {}, options);
}
export function saveSize(body: SaveChartSizeRequest, options: Options): Promise<ChartSizeConfig> {
  return apiPost('/product/analychartcustomizeconf/save', body, options);
}
export function resetSize(item: string | undefined, options: Options): Promise<ChartSizeConfig[]> {
  return apiPost('/product/analychartcustomizeconf/resetConf', item ? { item } : {}, options);
}

export function getChartInfo(body: GetChartInfoRequest, options: Options): Promise<ChartInfo> {
  return apiPost('/product/chart/getChartInfo', body, options);
}
export function addClassify(body: AddClassifyRequest, options: Options): Promise<ChartClassify> {
  return apiPost('/product/chart/addClassify', body, options);
}
export function updateClassify(body: UpdateClassifyRequest, options: Options): Promise<ChartClassify> {
  return apiPost('/product/chart/updateClassify', body, options);
}
export function deleteClassify(id: string, options: Options): Promise<null> {
  return apiSend('DELETE', `/product/chart/deleteClassify/${encodeURIComponent(id)}`, undefined, options);
}
export function addChart(body: AddChartRequest, options: Options): Promise<SavedChart> {
  return apiPost('/product/chart/addChart', body, options);
}
export function updateChart(body: UpdateChartRequest, options: Options): Promise<SavedChart> {
  return apiPost('/product/chart/updateChart', body, options);
}
export function deleteChart(id: string, options: Options): Promise<null> {
  return apiSend('DELETE', `/product/chart/deleteChart/${encodeURIComponent(id)}`, undefined, options);
}
export function restoreChart(id: string, options: Options): Promise<SavedChart> {
  return apiPost(`/product/chart/restore/${encodeURIComponent(id)}`, {}, options);
}
