import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { MAX_INPUT_LENGTH } from '../limits.js';
import {
  AddChartRequestSchema,
  AddClassifyRequestSchema,
  ChartClassifySchema,
  ChartKeySchema,
  ChartColorConfigListSchema,
  ChartColorConfigSchema,
  ChartInfoSchema,
  ChartSizeConfigListSchema,
  ChartSizeConfigSchema,
  ChartSizeItemRequestSchema,
  GetChartInfoRequestSchema,
  GetCustomizeColorRequestSchema,
  SaveChartSizeRequestSchema,
  SavedChartSchema,
  UpdateChartRequestSchema,
  UpdateClassifyRequestSchema,
} from '../chart.js';

const IdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/**
 * colorDetail as sent, loosely: the service checks count, colours and indexes itself so each
 * fault answers its own message (CHART_PALETTE_SIZE, CHART_COLOR_INVALID, CHART_COLOR_INDEX_INVALID).
 */
const SetCustomizeColorBodySchema = z.object({
  item: ChartKeySchema,
  colorDetail: z.array(z.object({ index: z.number().int().min(0).max(99), color: z.string().max(50) })).max(100),
  productAlias: z.string().max(MAX_INPUT_LENGTH).optional(),
});

/** Chart customisation (spec 2 §7 "Charts", docs/charts.md): palettes, sizes, custom charts in folders. */
export const chartEndpoints = {
  setColors: endpoint({
    method: 'POST',
    path: '/product/customizeColor/setUpCustomizeColor',
    body: SetCustomizeColorBodySchema,
    response: ChartColorConfigSchema,
  }),
  getColors: endpoint({
    method: 'POST',
    path: '/product/customizeColor/getCustomizeColor',
    body: GetCustomizeColorRequestSchema,
    response: ChartColorConfigListSchema,
  }),
  deleteColors: endpoint({
    method: 'DELETE',
    path: '/product/customizeColor/delCustomizeColor/:id',
    params: IdParamsSchema,
    response: ChartColorConfigSchema,
  }),
  getSizes: endpoint({
    method: 'POST',
    path: '/product/analychartcustomizeconf/getInfos',
    body: ChartSizeItemRequestSchema,
    response: ChartSizeConfigListSchema,
  }),
  saveSize: endpoint({
    method: 'POST',
    path: '/product/analychartcustomizeconf/save',
    body: SaveChartSizeRequestSchema,
    response: ChartSizeConfigSchema,
  }),
  resetSizes: endpoint({
    method: 'POST',
    path: '/product/analychartcustomizeconf/resetConf',
    body: ChartSizeItemRequestSchema,
    response: ChartSizeConfigListSchema,
  }),
  addClassify: endpoint({
    method: 'POST',
    path: '/product/chart/addClassify',
    body: AddClassifyRequestSchema,
    response: ChartClassifySchema,
  }),
  updateClassify: endpoint({
    method: 'POST',
    path: '/product/chart/updateClassify',
    body: UpdateClassifyRequestSchema,
    response: ChartClassifySchema,
  }),
  deleteClassify: endpoint({
    method: 'DELETE',
    path: '/product/chart/deleteClassify/:id',
    params: IdParamsSchema,
    response: z.null(),
  }),
  addChart: endpoint({
    method: 'POST',
    path: '/product/chart/addChart',
    body: AddChartRequestSchema,
    response: SavedChartSchema,
  }),
  updateChart: endpoint({
    method: 'POST',
    path: '/product/chart/updateChart',
    body: UpdateChartRequestSchema,
    response: SavedChartSchema,
  }),
  getChartInfo: endpoint({
    method: 'POST',
    path: '/product/chart/getChartInfo',
    body: GetChartInfoRequestSchema,
    response: ChartInfoSchema,
  }),
  deleteChart: endpoint({
    method: 'DELETE',
    path: '/product/chart/deleteChart/:id',
    params: IdParamsSchema,
    response: z.null(),
  }),
  restoreChart: endpoint({
    method: 'POST',
    path: '/product/chart/restore/:id',
    params: IdParamsSchema,
    response: SavedChartSchema,
  }),
};
