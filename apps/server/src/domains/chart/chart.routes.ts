import {
  AddChartRequestSchema,
  AddClassifyRequestSchema,
  ChartClassifySchema,
  ChartColorConfigListSchema,
  ChartColorConfigSchema,
  ChartInfoSchema,
  ChartKeySchema,
  ChartSizeConfigListSchema,
  ChartSizeConfigSchema,
  ChartSizeItemRequestSchema,
  envelopeOf,
  GetChartInfoRequestSchema,
  GetCustomizeColorRequestSchema,
  MAX_INPUT_LENGTH,
  SavedChartSchema,
  SaveChartSizeRequestSchema,
  UpdateChartRequestSchema,
  UpdateClassifyRequestSchema,
} from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ChartService } from './chart.service.js';
import { ok } from '../../envelope.js';

export interface ChartRoutesOptions {
  service: ChartService;
}

/** Chart settings are personal: any signed-in caller, each seeing only their own rows (no menu guards them). */
const SIGNED_IN = { access: 'authenticated' } as const;

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

/**
 * Chart customisation under /api/product (spec 2 §7 "Charts"): colour palettes
 * (/customizeColor/*), sizes (/analychartcustomizeconf/*) and custom charts in folders (/chart/*).
 * docs/charts.md describes them.
 */
export const chartRoutes: FastifyPluginAsyncZod<ChartRoutesOptions> = async (app, { service }) => {
  // --- colours

  app.post(
    '/customizeColor/setUpCustomizeColor',
    {
      config: SIGNED_IN,
      schema: {
        summary: 'Saves the palette (5–10 hex colours) of one chart key; not for IP-login visitors',
        tags: ['chart'],
        body: SetCustomizeColorBodySchema,
        response: { 200: envelopeOf(ChartColorConfigSchema) },
      },
    },
    async (request) => ok(await service.setColors(request.auth, request.body)),
  );

  app.post(
    '/customizeColor/getCustomizeColor',
    {
      config: SIGNED_IN,
      schema: {
        summary:
          'The palette of one chart key (its default, id null, when none is saved); without item every saved palette plus each chart type’s default',
        tags: ['chart'],
        body: GetCustomizeColorRequestSchema,
        response: { 200: envelopeOf(ChartColorConfigListSchema) },
      },
    },
    async (request) => ok(await service.getColors(request.auth, request.body.item, request.body.chartType)),
  );

  app.delete(
    '/customizeColor/delCustomizeColor/:id',
    {
      config: SIGNED_IN,
      schema: {
        summary: 'Deletes a saved palette, so the chart shows its default palette again (answered)',
        tags: ['chart'],
        params: IdParamsSchema,
        response: { 200: envelopeOf(ChartColorConfigSchema) },
      },
    },
    async (request) => ok(await service.deleteColors(request.auth, request.params.id)),
  );

  // --- sizes

  app.post(
    '/analychartcustomizeconf/getInfos',
    {
      config: SIGNED_IN,
      schema: {
        summary:
          'The size settings of one chart key (the defaults, id null, when none is saved); without item every saved one',
        tags: ['chart'],
        body: ChartSizeItemRequestSchema,
        response: { 200: envelopeOf(ChartSizeConfigListSchema) },
      },
    },
    async (request) => ok(await service.getSizes(request.auth, request.body.item)),
  );

  app.post(
    '/analychartcustomizeconf/save',
    {
      config: SIGNED_IN,
      schema: {
        summary: 'Saves the size settings (width, height, font size, legend, labels) of one chart key',
        tags: ['chart'],
        body: SaveChartSizeRequestSchema,
        response: { 200: envelopeOf(ChartSizeConfigSchema) },
      },
    },
    async (request) => ok(await service.saveSize(request.auth, request.body)),
  );

  app.post(
    '/analychartcustomizeconf/resetConf',
    {
      config: SIGNED_IN,
      schema: {
        summary: 'Back to the default size for one chart key, or (without item) for all; answers the defaults',
        tags: ['chart'],
        body: ChartSizeItemRequestSchema,
        response: { 200: envelopeOf(ChartSizeConfigListSchema) },
      },
    },
    async (request) => ok(await service.resetSizes(request.auth, request.body.item)),
  );

  // --- custom charts and folders

  app.post(
    '/chart/addClassify',
    {
      config: SIGNED_IN,
      schema: {
        summary: 'Creates a custom-chart folder (at the top or under parentId)',
        tags: ['chart'],
        body: AddClassifyRequestSchema,
        response: { 200: envelopeOf(ChartClassifySchema) },
      },
    },
    async (request) => ok(await service.addClassify(request.auth, request.body)),
  );

  app.post(
    '/chart/updateClassify',
    {
      config: SIGNED_IN,
      schema: {
        summary: 'Renames a folder and/or moves it under another folder (parentId null: to the top)',
        tags: ['chart'],
        body: UpdateClassifyRequestSchema,
        response: { 200: envelopeOf(ChartClassifySchema) },
      },
    },
    async (request) => ok(await service.updateClassify(request.auth, request.body)),
  );

  app.delete(
    '/chart/deleteClassify/:id',
    {
      config: SIGNED_IN,
      schema: {
        summary: 'Deletes an empty folder (refused while it holds charts or subfolders)',
        tags: ['chart'],
        params: IdParamsSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await service.deleteClassify(request.auth, request.params.id);
      return ok(null);
    },
  );

  app.post(
    '/chart/addChart',
    {
      config: SIGNED_IN,
      schema: {
        summary: 'Saves a custom chart: name, folder, chart key and type, 30 or 50 categories, the analysis request',
        tags: ['chart'],
        body: AddChartRequestSchema,
        response: { 200: envelopeOf(SavedChartSchema) },
      },
    },
    async (request) => ok(await service.addChart(request.auth, request.body)),
  );

  app.post(
    '/chart/updateChart',
    {
      config: SIGNED_IN,
      schema: {
        summary: 'Renames, moves or changes a custom chart',
        tags: ['chart'],
        body: UpdateChartRequestSchema,
        response: { 200: envelopeOf(SavedChartSchema) },
      },
    },
    async (request) => ok(await service.updateChart(request.auth, request.body)),
  );

  app.post(
    '/chart/getChartInfo',
    {
      config: SIGNED_IN,
      schema: {
        summary: 'The caller’s folders, charts (all or of one folder) and deleted charts',
        tags: ['chart'],
        body: GetChartInfoRequestSchema,
        response: { 200: envelopeOf(ChartInfoSchema) },
      },
    },
    async (request) => ok(await service.chartInfo(request.auth, request.body)),
  );

  app.delete(
    '/chart/deleteChart/:id',
    {
      config: SIGNED_IN,
      schema: {
        summary: 'Moves a custom chart to the deleted list (restorable)',
        tags: ['chart'],
        params: IdParamsSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await service.deleteChart(request.auth, request.params.id);
      return ok(null);
    },
  );

  app.post(
    '/chart/restore/:id',
    {
      config: SIGNED_IN,
      schema: {
        summary: 'Restores a custom chart from the deleted list',
        tags: ['chart'],
        params: IdParamsSchema,
        response: { 200: envelopeOf(SavedChartSchema) },
      },
    },
    async (request) => ok(await service.restoreChart(request.auth, request.params.id)),
  );
};
