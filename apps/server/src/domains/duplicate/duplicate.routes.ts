import {
  DuplicateCheckSchema,
  DuplicateDeleteRequestSchema,
  DuplicateDetailsSchema,
  DuplicateExportQuerySchema,
  DuplicateListRequestSchema,
  DuplicateListResponseSchema,
  DuplicateQuickCheckRequestSchema,
  DuplicateQuickCheckResponseSchema,
  DuplicateReportQuerySchema,
  DuplicateSnippetInfoSchema,
  DuplicateSnippetRequestSchema,
  DuplicateSubmitRequestSchema,
  DuplicateSubmitResponseSchema,
  DuplicateSummarySchema,
  DUPLICATE_PERMISSION,
  envelopeOf,
  MAX_DUPLICATE_FILE_BYTES,
} from '@patlas/contracts';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CpuPool } from '../../cpu/cpu-pool.js';
import { ok } from '../../envelope.js';
import { AppError } from '../../errors.js';
import { contentDisposition } from '../../files/spreadsheet.js';
import { readUpload } from '../../files/upload.js';
import { languageOf } from '../../plugins/locale.js';
import { requireUser } from '../../kernel/access.plugin.js';
import type { DuplicateService } from './duplicate.service.js';

export interface DuplicateRoutesOptions {
  service: DuplicateService;
  /** The CPU workers: the files answered at once are drawn there. */
  cpu: CpuPool;
  /** The per-user rate limit of the costly routes answered at once (plugins/costly-rate-limit.ts). */
  costly: RateLimitOptions;
}

/** Spec 2 §2 gates the duplicate check by a permission it does not name: ours is '/repeat'. */
const ACCESS = { access: DUPLICATE_PERMISSION } as const;

const REPORT_CONTENT_TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
} as const;

/** ?reportId= (spec), ?repeatId= (the export's name for it) or ?id=. */
function reportIdOf(query: z.infer<typeof DuplicateReportQuerySchema>): string {
  const id = query.reportId ?? query.repeatId ?? query.id;
  if (!id) throw new AppError('VALIDATION_FAILED', { field: 'reportId', reason: 'required' });
  return id;
}

/** The duplicate check under /api/product (spec 2 §7 "Duplicates and checks"; surface.json group duplicate). */
export const duplicateRoutes: FastifyPluginAsyncZod<DuplicateRoutesOptions> = async (app, { service, cpu, costly }) => {
  app.post(
    '/patent/repeat',
    {
      config: ACCESS,
      schema: {
        summary:
          'Queues a duplicate check of a text: JSON { text, title? }, or multipart with a .docx/.txt file (up to 5 MB); ' +
          'under 200 characters the answer carries the advice as `warning`',
        tags: ['duplicate'],
        response: { 200: envelopeOf(DuplicateSubmitResponseSchema) },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const lang = languageOf(request);
      if (request.isMultipart()) {
        const { file, filename } = await readUpload(request, {
          missing: 'DUPLICATE_TEXT_EMPTY',
          limit: {
            bytes: MAX_DUPLICATE_FILE_BYTES,
            tooLarge: () =>
              new AppError('DUPLICATE_FILE_TOO_LARGE', { max: `${MAX_DUPLICATE_FILE_BYTES / 1024 / 1024}MB` }),
          },
        });
        const text = service.textOfFile(file, filename, lang);
        return ok(await service.submit(auth, { text, filename }, lang));
      }
      // JSON or multipart: the body is checked here, not by the route schema.
      const body = DuplicateSubmitRequestSchema.safeParse(request.body ?? {});
      if (!body.success) {
        const issue = body.error.issues[0];
        throw new AppError('VALIDATION_FAILED', {
          field: issue?.path.join('.') || 'text',
          reason: issue?.message ?? '',
        });
      }
      return ok(await service.submit(auth, body.data, lang));
    },
  );

  app.post(
    '/patent/getRepeatList',
    {
      config: ACCESS,
      schema: {
        summary: "The caller's duplicate checks, newest first, with their state and similarity",
        tags: ['duplicate'],
        body: DuplicateListRequestSchema.nullish(),
        response: { 200: envelopeOf(DuplicateListResponseSchema) },
      },
    },
    async (request) => {
      const { page, pageSize } = request.body ?? DuplicateListRequestSchema.parse({});
      return ok(await service.list(requireUser(request), page, pageSize, languageOf(request)));
    },
  );

  app.post(
    '/patent/deleteRepeat',
    {
      config: ACCESS,
      schema: {
        summary: 'Deletes checks of the caller (their texts and reports)',
        tags: ['duplicate'],
        body: DuplicateDeleteRequestSchema,
        response: { 200: envelopeOf(z.object({ ids: z.array(z.string()) })) },
      },
    },
    async (request) => ok({ ids: await service.delete(requireUser(request), request.body.ids) }),
  );

  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/patent/export',
      config: ACCESS,
      schema: {
        summary: 'The report of a finished check as a Word (default) or PDF file: ?repeatId=&format=docx|pdf',
        tags: ['duplicate'],
        querystring: DuplicateExportQuerySchema,
      },
      handler: async (request, reply) => {
        const lang = languageOf(request);
        const { row, report } = await service.fullReport(requireUser(request), reportIdOf(request.query), lang);
        const { format } = request.query;
        const input = { title: row.title, text: row.text, createdAt: row.created_at, report, lang };
        const data = await cpu.run('duplicateReportFile', { format, report: input });
        const base = (lang === 'zh' ? '查重报告-' : 'duplicate-check-') + row.created_at.slice(0, 10).replace(/-/g, '');
        return reply
          .type(REPORT_CONTENT_TYPES[format])
          .header('content-disposition', contentDisposition(`${base}.${format}`))
          .send(data);
      },
    });
  }

  app.post(
    '/patent/check',
    {
      config: { ...ACCESS, rateLimit: costly },
      // The answer is written without checking it against its schema again (kept for the docs): a
      // long text's thousands of spans took the HTTP thread 50–200 ms to validate.
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        summary: 'Compares a text with one or a few given patents (at most 10), answered at once with the evidence',
        tags: ['duplicate'],
        body: DuplicateQuickCheckRequestSchema,
        response: { 200: envelopeOf(DuplicateQuickCheckResponseSchema) },
      },
    },
    async (request) => ok(await service.quickCheck(requireUser(request), request.body, languageOf(request))),
  );

  // Spec 2 §7 names no method for these: GET with the query, or POST with the same fields as body.
  const reads = [
    {
      url: '/patent/similarity/summary',
      summary:
        'The overall similarity of a finished check, its similar patents and the summary by section (?reportId=)',
      response: DuplicateSummarySchema,
      run: (request: Parameters<typeof requireUser>[0], query: z.infer<typeof DuplicateReportQuerySchema>) =>
        service.summary(requireUser(request), reportIdOf(query), languageOf(request)),
    },
    {
      url: '/patent/report/details',
      summary: 'The summary plus the checked text and its sentences with their best match (?reportId=)',
      response: DuplicateDetailsSchema,
      run: (request: Parameters<typeof requireUser>[0], query: z.infer<typeof DuplicateReportQuerySchema>) =>
        service.details(requireUser(request), reportIdOf(query), languageOf(request)),
    },
  ];
  for (const read of reads) {
    app.route({
      method: 'GET',
      url: read.url,
      config: ACCESS,
      schema: {
        summary: read.summary,
        tags: ['duplicate'],
        querystring: DuplicateReportQuerySchema,
        response: { 200: envelopeOf(read.response) },
      },
      handler: async (request) => ok(await read.run(request, request.query)),
    });
    app.route({
      method: 'POST',
      url: read.url,
      config: ACCESS,
      schema: {
        summary: read.summary,
        tags: ['duplicate'],
        querystring: DuplicateReportQuerySchema,
        body: DuplicateReportQuerySchema.nullish(),
        response: { 200: envelopeOf(read.response) },
      },
      handler: async (request) => ok(await read.run(request, { ...request.query, ...(request.body ?? {}) })),
    });
  }

  const snippetSummary =
    'The evidence of one similar patent of a check: each matching sentence, its passage and the spans on both sides';
  app.get(
    '/patent/similarity/snippet/info',
    {
      config: ACCESS,
      schema: {
        summary: snippetSummary,
        tags: ['duplicate'],
        querystring: DuplicateSnippetRequestSchema,
        response: { 200: envelopeOf(DuplicateSnippetInfoSchema) },
      },
    },
    async (request) =>
      ok(
        await service.snippet(
          requireUser(request),
          request.query.reportId,
          request.query.publicationNumber,
          languageOf(request),
        ),
      ),
  );
  app.post(
    '/patent/similarity/snippet/info',
    {
      config: ACCESS,
      schema: {
        summary: snippetSummary,
        tags: ['duplicate'],
        body: DuplicateSnippetRequestSchema,
        response: { 200: envelopeOf(DuplicateSnippetInfoSchema) },
      },
    },
    async (request) =>
      ok(
        await service.snippet(
          requireUser(request),
          request.body.reportId,
          request.body.publicationNumber,
          languageOf(request),
        ),
      ),
  );

  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/patent/again/:id',
      config: ACCESS,
      schema: {
        summary: 'Runs a finished or failed check again on the current index, as the same check',
        tags: ['duplicate'],
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: envelopeOf(z.object({ check: DuplicateCheckSchema })) },
      },
      handler: async (request) =>
        ok({ check: await service.again(requireUser(request), request.params.id, languageOf(request)) }),
    });
  }
};
