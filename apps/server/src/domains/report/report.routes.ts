import { createReadStream } from 'node:fs';
import {
  envelopeOf,
  REPORT_PERMISSION,
  ReportCreateRequestSchema,
  ReportFileQuerySchema,
  ReportIdParamsSchema,
  ReportListRequestSchema,
  ReportListResponseSchema,
  ReportSchema,
  SYS_PERMISSION,
  SysReportListResponseSchema,
} from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../envelope.js';
import { contentDisposition } from '../../files/spreadsheet.js';
import { languageOf } from '../../plugins/locale.js';
import { requireUser } from '../../kernel/access.plugin.js';
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
  app.post(
    '/report/patent',
    {
      config: ACCESS,
      schema: {
        summary:
          'Creates (generates) a report over a result set, library or dashboard: title, language, sections, ' +
          'time range (within 12 years, quarters or months); a durable task, answered at once as generating',
        tags: ['report'],
        body: ReportCreateRequestSchema,
        response: { 200: envelopeOf(ReportSchema) },
      },
    },
    async (request) => ok(await service.create(requireUser(request), request.body, languageOf(request))),
  );

  app.post(
    '/report/patent/list',
    {
      config: ACCESS,
      schema: {
        summary: "The caller's reports, newest first, with their state, sentences and the report quota",
        tags: ['report'],
        body: ReportListRequestSchema.nullish(),
        response: { 200: envelopeOf(ReportListResponseSchema) },
      },
    },
    async (request) => {
      const { page, pageSize, state } = request.body ?? ReportListRequestSchema.parse({});
      return ok(await service.list(requireUser(request), page, pageSize, state, languageOf(request)));
    },
  );

  app.get(
    '/report/patent/:id',
    {
      config: ACCESS,
      schema: {
        summary: 'One report of the caller with its sections’ sentences',
        tags: ['report'],
        params: ReportIdParamsSchema,
        response: { 200: envelopeOf(ReportSchema) },
      },
    },
    async (request) => ok(await service.get(requireUser(request), request.params.id, languageOf(request))),
  );

  app.get(
    '/report/patent/:id/file',
    {
      config: ACCESS,
      schema: {
        summary: 'The report as PDF (default) or Word: ?format=pdf|docx&inline=1 (inline: shown, not saved)',
        tags: ['report'],
        params: ReportIdParamsSchema,
        querystring: ReportFileQuerySchema,
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

  app.post(
    '/report/patent/:id/regenerate',
    {
      config: ACCESS,
      schema: {
        summary: 'Generates a report again from its request (an expired or failed one); counts against the quota',
        tags: ['report'],
        params: ReportIdParamsSchema,
        response: { 200: envelopeOf(ReportSchema) },
      },
    },
    async (request) => ok(await service.regenerate(requireUser(request), request.params.id, languageOf(request))),
  );

  app.post(
    '/report/patent/:id/delete',
    {
      config: ACCESS,
      schema: {
        summary: 'Deletes a report (its files); its links answer “has been deleted” afterwards',
        tags: ['report'],
        params: ReportIdParamsSchema,
        response: { 200: envelopeOf(z.object({ id: z.string() })) },
      },
    },
    async (request) => {
      await service.delete(requireUser(request), request.params.id);
      return ok({ id: request.params.id });
    },
  );

  app.post(
    '/sys/report/list',
    {
      config: SYS,
      schema: {
        summary: "Operators: every user's reports, newest first, and the reports per user",
        tags: ['report', 'sys'],
        body: ReportListRequestSchema.nullish(),
        response: { 200: envelopeOf(SysReportListResponseSchema) },
      },
    },
    async (request) => {
      const { page, pageSize } = request.body ?? ReportListRequestSchema.parse({});
      return ok(await service.listAll(page, pageSize, languageOf(request)));
    },
  );
};
