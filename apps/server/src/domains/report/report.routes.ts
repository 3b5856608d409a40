import { createReadStream } from 'node:fs';
import {
  REPORT_PERMISSION,
  ReportListRequestSchema,
  reportEndpoints as endpoints,
  SYS_PERMISSION,
} from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../envelope.js';
import { contentDisposition } from '../../files/spreadsheet.js';
import { languageOf } from '../../plugins/locale.js';
import { requireUser } from '../../kernel/access.plugin.js';
import { route } from '../../kernel/route.js';
import type { ReportService } from './report.service.js';

export interface ReportRoutesOptions {
  service: ReportService;
}

/** Spec 2 §6: reports are behind the '/reportCenter' menu permission. */
const ACCESS = { access: REPORT_PERMISSION } as const;
const SYS = { access: SYS_PERMISSION } as const;

const CONTENT_TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
} as const;

/** Smart reports under /api/product (spec 2 §7 "Reports"; surface.json group report). */
export const reportRoutes: FastifyPluginAsyncZod<ReportRoutesOptions> = async (app, { service }) => {
  route(
    app,
    endpoints.create,
    {
      config: ACCESS,
      schema: {
        summary:
          'Creates (generates) a report over a result set, library or dashboard: title, language, sections, ' +
          'time range (within 12 years, quarters or months); a durable task, answered at once as generating',
        tags: ['report'],
      },
    },
    async (request) => ok(await service.create(requireUser(request), request.body, languageOf(request))),
  );

  route(
    app,
    endpoints.list,
    {
      config: ACCESS,
      schema: {
        summary: "The caller's reports, newest first, with their state, sentences and the report quota",
        tags: ['report'],
      },
    },
    async (request) => {
      const { page, pageSize, state } = request.body ?? ReportListRequestSchema.parse({});
      return ok(await service.list(requireUser(request), page, pageSize, state, languageOf(request)));
    },
  );

  route(
    app,
    endpoints.get,
    {
      config: ACCESS,
      schema: { summary: 'One report of the caller with its sections’ sentences', tags: ['report'] },
    },
    async (request) => ok(await service.get(requireUser(request), request.params.id, languageOf(request))),
  );

  route(
    app,
    endpoints.file,
    {
      config: ACCESS,
      schema: {
        summary: 'The report as PDF (default) or Word: ?format=pdf|docx&inline=1 (inline: shown, not saved)',
        tags: ['report'],
      },
    },
    async (request, reply) => {
      const { format, inline } = request.query;
      const file = await service.file(requireUser(request), request.params.id, format);
      const disposition = contentDisposition(`${file.title}.${format}`);
      return reply
        .type(CONTENT_TYPES[format])
        .header('content-disposition', inline ? disposition.replace(/^attachment/, 'inline') : disposition)
        .send(createReadStream(file.path));
    },
  );

  route(
    app,
    endpoints.regenerate,
    {
      config: ACCESS,
      schema: {
        summary: 'Generates a report again from its request (an expired or failed one); counts against the quota',
        tags: ['report'],
      },
    },
    async (request) => ok(await service.regenerate(requireUser(request), request.params.id, languageOf(request))),
  );

  route(
    app,
    endpoints.remove,
    {
      config: ACCESS,
      schema: {
        summary: 'Deletes a report (its files); its links answer “has been deleted” afterwards',
        tags: ['report'],
      },
    },
    async (request) => {
      await service.delete(requireUser(request), request.params.id);
      return ok({ id: request.params.id });
    },
  );

  route(
    app,
    endpoints.listAll,
    {
      config: SYS,
      schema: {
        summary: "Operators: every user's reports, newest first, and the reports per user",
        tags: ['report', 'sys'],
      },
    },
    async (request) => {
      const { page, pageSize } = request.body ?? ReportListRequestSchema.parse({});
      return ok(await service.listAll(page, pageSize, languageOf(request)));
    },
  );
};
