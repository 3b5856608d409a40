import {
  AwardImportReportSchema,
  AwardInfoRequestSchema,
  AwardInfoResponseSchema,
  AwardListQuerySchema,
  AwardRowSchema,
  envelopeOf,
  pagedOf,
  SYS_PERMISSION,
} from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../envelope.js';
import { AppError } from '../../errors.js';
import { readUpload } from '../../files/upload.js';
import type { AwardService } from './award.service.js';

export interface AwardRoutesOptions {
  service: AwardService;
}

const OPERATORS = { access: SYS_PERMISSION };
const IdParams = z.object({ id: z.string().min(1).max(64) });

/** /api/product/award/getInfo (spec 2 §7) and the operators' award lists under /api/product/sys/awards. */
export const awardRoutes: FastifyPluginAsyncZod<AwardRoutesOptions> = async (app, { service }) => {
  app.post(
    '/award/getInfo',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'The awards of a patent (`pn`) or of a list of numbers, in any written form',
        tags: ['award'],
        body: AwardInfoRequestSchema,
        response: { 200: envelopeOf(AwardInfoResponseSchema) },
      },
    },
    async (request) => {
      const { pn, numbers = [] } = request.body;
      return ok(await service.infoOf(pn ? [pn, ...numbers] : numbers));
    },
  );

  app.get(
    '/sys/awards',
    {
      config: OPERATORS,
      schema: {
        summary: 'A page of the award list, newest import first; `q` filters by number, award or year',
        tags: ['award'],
        querystring: AwardListQuerySchema,
        response: { 200: envelopeOf(pagedOf(AwardRowSchema)) },
      },
    },
    async (request) => {
      const { page, pageSize, q } = request.query;
      const { total, items } = await service.list(page, pageSize, q || undefined);
      return ok({ total, page, pageSize, items });
    },
  );

  app.post(
    '/sys/awards/import',
    {
      config: OPERATORS,
      schema: {
        summary: 'Imports an award CSV (number, award, year; multipart, field "file"): refused lines reported',
        tags: ['award'],
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(AwardImportReportSchema) },
      },
    },
    async (request) => {
      const upload = await readUpload(request, {
        missing: 'AWARD_FILE_REQUIRED',
        limit: {
          bytes: service.maxFileBytes,
          tooLarge: () => new AppError('AWARD_FILE_TOO_LARGE', { max: `${service.maxFileBytes / 1024 / 1024} MB` }),
        },
      });
      return ok(await service.importCsv(upload.file));
    },
  );

  app.delete(
    '/sys/awards/:id',
    {
      config: OPERATORS,
      schema: {
        summary: 'Removes one row of the award list',
        tags: ['award'],
        params: IdParams,
        response: { 200: envelopeOf(z.object({ deleted: z.number().int() })) },
      },
    },
    async (request) => ok({ deleted: await service.remove(request.params.id) }),
  );

  app.delete(
    '/sys/awards',
    {
      config: OPERATORS,
      schema: {
        summary: 'Removes the whole award list',
        tags: ['award'],
        response: { 200: envelopeOf(z.object({ deleted: z.number().int() })) },
      },
    },
    async () => ok({ deleted: await service.remove() }),
  );
};
