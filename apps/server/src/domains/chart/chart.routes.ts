import { chartEndpoints as endpoints } from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../kernel/route.js';
import type { ChartService } from './chart.service.js';
import { ok } from '../../envelope.js';

export interface ChartRoutesOptions {
  service: ChartService;
}

/** Chart settings are personal: any signed-in caller, each seeing only their own rows (no menu guards them). */
const SIGNED_IN = { access: 'authenticated' } as const;

/**
 * Chart customisation under /api/product (spec 2 §7 "Charts"): colour palettes
 * (/customizeColor/*), sizes (/analychartcustomizeconf/*) and custom charts in folders (/chart/*).
 * docs/charts.md describes them.
 */
export const chartRoutes: FastifyPluginAsyncZod<ChartRoutesOptions> = async (app, { service }) => {
  // --- colours

  route(
    app,
    endpoints.setColors,
    {
      config: SIGNED_IN,
      schema: {
        summary: 'Saves the palette (5–10 hex colours) of one chart key; not for IP-login visitors',
        tags: ['chart'],
      },
    },
    async (request) => ok(await service.setColors(request.auth, request.body)),
  );

  route(
    app,
    endpoints.getColors,
    {
      config: SIGNED_IN,
      schema: {
        summary:
          'The palette of one chart key (its default, id null, when none is saved); without item every saved palette plus each chart type’s default',
        tags: ['chart'],
      },
    },
    async (request) => ok(await service.getColors(request.auth, request.body.item, request.body.chartType)),
  );

  route(
    app,
    endpoints.deleteColors,
    {
      config: SIGNED_IN,
      schema: {
        summary: 'Deletes a saved palette, so the chart shows its default palette again (answered)',
        tags: ['chart'],
      },
    },
    async (request) => ok(await service.deleteColors(request.auth, request.params.id)),
  );

  // --- sizes

  route(
    app,
    endpoints.getSizes,
    {
      config: SIGNED_IN,
      schema: {
        summary:
          'The size settings of one chart key (the defaults, id null, when none is saved); without item every saved one',
        tags: ['chart'],
      },
    },
    async (request) => ok(await service.getSizes(request.auth, request.body.item)),
  );

  route(
    app,
    endpoints.saveSize,
    {
      config: SIGNED_IN,
      schema: {
        summary: 'Saves the size settings (width, height, font size, legend, labels) of one chart key',
        tags: ['chart'],
      },
    },
    async (request) => ok(await service.saveSize(request.auth, request.body)),
  );

  route(
    app,
    endpoints.resetSizes,
    {
      config: SIGNED_IN,
      schema: {
        summary: 'Back to the default size for one chart key, or (without item) for all; answers the defaults',
        tags: ['chart'],
      },
    },
    async (request) => ok(await service.resetSizes(request.auth, request.body.item)),
  );

  // --- custom charts and folders

  route(
    app,
    endpoints.addClassify,
    {
      config: SIGNED_IN,
      schema: {
        summary: 'Creates a custom-chart folder (at the top or under parentId)',
        tags: ['chart'],
      },
    },
    async (request) => ok(await service.addClassify(request.auth, request.body)),
  );

  route(
    app,
    endpoints.updateClassify,
    {
      config: SIGNED_IN,
      schema: {
        summary: 'Renames a folder and/or moves it under another folder (parentId null: to the top)',
        tags: ['chart'],
      },
    },
    async (request) => ok(await service.updateClassify(request.auth, request.body)),
  );

  route(
    app,
    endpoints.deleteClassify,
    {
      config: SIGNED_IN,
      schema: {
        summary: 'Deletes an empty folder (refused while it holds charts or subfolders)',
        tags: ['chart'],
      },
    },
    async (request) => {
      await service.deleteClassify(request.auth, request.params.id);
      return ok(null);
    },
  );

  route(
    app,
    endpoints.addChart,
    {
      config: SIGNED_IN,
      schema: {
        summary: 'Saves a custom chart: name, folder, chart key and type, 30 or 50 categories, the analysis request',
        tags: ['chart'],
      },
    },
    async (request) => ok(await service.addChart(request.auth, request.body)),
  );

  route(
    app,
    endpoints.updateChart,
    {
      config: SIGNED_IN,
      schema: {
        summary: 'Renames, moves or changes a custom chart',
        tags: ['chart'],
      },
    },
    async (request) => ok(await service.updateChart(request.auth, request.body)),
  );

  route(
    app,
    endpoints.getChartInfo,
    {
      config: SIGNED_IN,
      schema: {
        summary: 'The caller’s folders, charts (all or of one folder) and deleted charts',
        tags: ['chart'],
      },
    },
    async (request) => ok(await service.chartInfo(request.auth, request.body)),
  );

  route(
    app,
    endpoints.deleteChart,
    {
      config: SIGNED_IN,
      schema: {
        summary: 'Moves a custom chart to the deleted list (restorable)',
        tags: ['chart'],
      },
    },
    async (request) => {
      await service.deleteChart(request.auth, request.params.id);
      return ok(null);
    },
  );

  route(
    app,
    endpoints.restoreChart,
    {
      config: SIGNED_IN,
      schema: {
        summary: 'Restores a custom chart from the deleted list',
        tags: ['chart'],
      },
    },
    async (request) => ok(await service.restoreChart(request.auth, request.params.id)),
  );
};
