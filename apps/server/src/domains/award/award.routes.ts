import { awardEndpoints as endpoints, SYS_PERMISSION } from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../envelope.js';
import { AppError } from '../../errors.js';
import { readUpload } from '../../files/upload.js';
import { route } from '../../kernel/route.js';
import type { AwardService } from './award.service.js';

export interface AwardRoutesOptions {
  service: AwardService;
}

const OPERATORS = { access: SYS_PERMISSION };

/** /api/product/award/getInfo (spec 2 §7) and the operators' award lists under /api/product/sys/awards. */
export const awardRoutes: FastifyPluginAsyncZod<AwardRoutesOptions> = async (app, { service }) => {
  route(
    app,
    endpoints.getInfo,
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'The awards of a patent (`pn`) or of a list of numbers, in any written form',
        tags: ['award'],
      },
    },
    async (request) => {
      const { pn, numbers = [] } = request.body;
      return ok(await service.infoOf(pn ? [pn, ...numbers] : numbers));
    },
  );

  route(
    app,
    endpoints.list,
    {
      config: OPERATORS,
      schema: {
        summary: 'A page of the award list, newest import first; `q` filters by number, award or year',
        tags: ['award'],
      },
    },
    async (request) => {
      const { page, pageSize, q } = request.query;
      const { total, items } = await service.list(page, pageSize, q || undefined);
      return ok({ total, page, pageSize, items });
    },
  );

  route(
    app,
    endpoints.importCsv,
    {
      config: OPERATORS,
      schema: {
        summary: 'Imports an award CSV (number, award, year; multipart, field "file"): refused lines reported',
        tags: ['award'],
        consumes: ['multipart/form-data'],
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

  route(
    app,
    endpoints.remove,
    {
      config: OPERATORS,
      schema: {
        summary: 'Removes one row of the award list',
        tags: ['award'],
      },
    },
    async (request) => ok({ deleted: await service.remove(request.params.id) }),
  );

  route(
    app,
    endpoints.removeAll,
    {
      config: OPERATORS,
      schema: {
        summary: 'Removes the whole award list',
        tags: ['award'],
      },
    },
    async () => ok({ deleted: await service.remove() }),
  );
};
