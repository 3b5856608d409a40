import { patentValueEndpoints as endpoints } from '@patlas/contracts';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../envelope.js';
import { contentDisposition } from '../../files/spreadsheet.js';
import { route } from '../../kernel/route.js';
import { languageOf } from '../../plugins/locale.js';
import type { PatentValueService } from './patent-value.service.js';

export interface PatentValueRoutesOptions {
  service: PatentValueService;
  /** The per-user rate limit of the costly routes answered at once (plugins/costly-rate-limit.ts). */
  costly: RateLimitOptions;
}

/** Value is part of reading a patent: whoever may open its detail page may evaluate it. */
const DETAIL = { access: '/search/detail' } as const;

/** Patent value under /api/product (spec 2 §7): /patentValue/evaluate, refresh, inventorStat, download. */
export const patentValueRoutes: FastifyPluginAsyncZod<PatentValueRoutesOptions> = async (app, { service, costly }) => {
  route(
    app,
    endpoints.evaluate,
    {
      config: DETAIL,
      schema: {
        summary:
          'The value score of a patent (0–100) with its technology, legal and market dimensions, every ' +
          'indicator (raw value, cohort percentile, weight, share) and the comparison cohort',
        tags: ['patent-value'],
      },
    },
    async (request) => ok(await service.evaluate(request.params.pn)),
  );

  route(
    app,
    endpoints.refresh,
    {
      config: DETAIL,
      schema: {
        summary:
          "Reads the patent's value indicators again from its record, scores and indexes it; answers the evaluation",
        tags: ['patent-value'],
      },
    },
    async (request) => ok(await service.refresh(request.params.pn)),
  );

  route(
    app,
    endpoints.inventorStats,
    {
      config: DETAIL,
      schema: {
        summary:
          'For each inventor of the patent: their patents in the database (count and a few others), patents ' +
          'per application year, co-inventors and main IPC subclasses',
        tags: ['patent-value'],
      },
    },
    async (request) => ok(await service.inventorStats(request.params.pn)),
  );

  route(
    app,
    endpoints.download,
    {
      config: { ...DETAIL, rateLimit: costly },
      schema: {
        summary: 'A value report file: Word or PDF for one or a few patents, Excel for many (content-disposition)',
        tags: ['patent-value'],
      },
    },
    async (request, reply) => {
      const file = await service.report(request.body.publicationNumbers, request.body.format, languageOf(request));
      return reply
        .type(file.contentType)
        .header('content-disposition', contentDisposition(file.filename))
        .send(file.body);
    },
  );
};
