import type { DuplicateReportQuerySchema } from '@patlas/contracts';
import {
  DuplicateListRequestSchema,
  DuplicateSubmitRequestSchema,
  DUPLICATE_PERMISSION,
  duplicateEndpoints as endpoints,
  MAX_DUPLICATE_FILE_BYTES,
} from '@patlas/contracts';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { CpuPool } from '../../cpu/cpu-pool.js';
import { ok } from '../../envelope.js';
import { AppError } from '../../errors.js';
import { contentDisposition } from '../../files/spreadsheet.js';
import { readUpload } from '../../files/upload.js';
import { languageOf } from '../../plugins/locale.js';
import { requireUser } from '../../kernel/access.plugin.js';
import { route } from '../../kernel/route.js';
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
  route(
    app,
    endpoints.submit,
    {
      config: ACCESS,
      schema: {
        summary:
          'Queues a duplicate check of a text: JSON { text, title? }, or multipart with a .docx/.txt file (up to 5 MB); ' +
          'under 200 characters the answer carries the advice as `warning`',
        tags: ['duplicate'],
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

  route(
    app,
    endpoints.list,
    {
      config: ACCESS,
      schema: {
        summary: "The caller's duplicate checks, newest first, with their state and similarity",
        tags: ['duplicate'],
      },
    },
    async (request) => {
      const { page, pageSize } = request.body ?? DuplicateListRequestSchema.parse({});
      return ok(await service.list(requireUser(request), page, pageSize, languageOf(request)));
    },
  );

  route(
    app,
    endpoints.remove,
    {
      config: ACCESS,
      schema: {
        summary: 'Deletes checks of the caller (their texts and reports)',
        tags: ['duplicate'],
      },
    },
    async (request) => ok({ ids: await service.delete(requireUser(request), request.body.ids) }),
  );

  for (const definition of [endpoints.exportGet, endpoints.exportPost]) {
    route(
      app,
      definition,
      {
        config: ACCESS,
        schema: {
          summary: 'The report of a finished check as a Word (default) or PDF file: ?repeatId=&format=docx|pdf',
          tags: ['duplicate'],
        },
      },
      async (request, reply) => {
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
    );
  }

  route(
    app,
    endpoints.quickCheck,
    {
      config: { ...ACCESS, rateLimit: costly },
      // The answer is written without checking it against its schema again (kept for the docs): a
      // long text's thousands of spans took the HTTP thread 50–200 ms to validate.
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        summary: 'Compares a text with one or a few given patents (at most 10), answered at once with the evidence',
        tags: ['duplicate'],
      },
    },
    async (request) => ok(await service.quickCheck(requireUser(request), request.body, languageOf(request))),
  );

  // Spec 2 §7 names no method for these: GET with the query, or POST with the same fields as body.
  const reads = [
    {
      get: endpoints.summaryGet,
      post: endpoints.summaryPost,
      summary:
        'The overall similarity of a finished check, its similar patents and the summary by section (?reportId=)',
      run: (request: Parameters<typeof requireUser>[0], query: z.infer<typeof DuplicateReportQuerySchema>) =>
        service.summary(requireUser(request), reportIdOf(query), languageOf(request)),
    },
    {
      get: endpoints.detailsGet,
      post: endpoints.detailsPost,
      summary: 'The summary plus the checked text and its sentences with their best match (?reportId=)',
      run: (request: Parameters<typeof requireUser>[0], query: z.infer<typeof DuplicateReportQuerySchema>) =>
        service.details(requireUser(request), reportIdOf(query), languageOf(request)),
    },
  ];
  for (const read of reads) {
    const schema = { summary: read.summary, tags: ['duplicate'] };
    route(app, read.get, { config: ACCESS, schema }, async (request) => ok(await read.run(request, request.query)));
    route(app, read.post, { config: ACCESS, schema }, async (request) =>
      ok(await read.run(request, { ...request.query, ...(request.body ?? {}) })),
    );
  }

  const snippetSummary =
    'The evidence of one similar patent of a check: each matching sentence, its passage and the spans on both sides';
  route(
    app,
    endpoints.snippetGet,
    {
      config: ACCESS,
      schema: {
        summary: snippetSummary,
        tags: ['duplicate'],
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
  route(
    app,
    endpoints.snippetPost,
    {
      config: ACCESS,
      schema: {
        summary: snippetSummary,
        tags: ['duplicate'],
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

  for (const definition of [endpoints.againGet, endpoints.againPost]) {
    route(
      app,
      definition,
      {
        config: ACCESS,
        schema: {
          summary: 'Runs a finished or failed check again on the current index, as the same check',
          tags: ['duplicate'],
        },
      },
      async (request) =>
        ok({ check: await service.again(requireUser(request), request.params.id, languageOf(request)) }),
    );
  }
};
