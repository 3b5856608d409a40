import {
  NOVELTY_SEARCH_PERMISSION,
  PRE_EVALUATION_PERMISSION,
  PRE_SEARCH_PERMISSION,
  preEvaluationEndpoints as endpoints,
  PreEvaluationListRequestSchema,
} from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CpuPool } from '../../cpu/cpu-pool.js';
import { ok } from '../../envelope.js';
import { contentDisposition } from '../../files/spreadsheet.js';
import { route } from '../../kernel/route.js';
import { languageOf } from '../../plugins/locale.js';
import { requireUser } from '../../kernel/access.plugin.js';
import type { PreEvaluationService } from './pre-evaluation.service.js';

export interface PreEvaluationRoutesOptions {
  service: PreEvaluationService;
  /** The CPU workers: the files answered at once are drawn there. */
  cpu: CpuPool;
}

/**
 * Spec 2 §6's '/preAssessment' gates the pre-evaluation calls; the novelty search from a disclosure
 * (permission '/disclosureNoveltySearch') and the /pre pages ('/search/pre') use the same calls, so
 * any of the three opens them (each evaluation is still its owner's alone).
 */
const ACCESS = { access: [PRE_EVALUATION_PERMISSION, NOVELTY_SEARCH_PERMISSION, PRE_SEARCH_PERMISSION] } as const;

const FILE_TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
} as const;

/** Pre-evaluation under /api/product (spec 2 §7 "Pre-application"; surface.json group pre). */
export const preEvaluationRoutes: FastifyPluginAsyncZod<PreEvaluationRoutesOptions> = async (app, { service, cpu }) => {
  route(
    app,
    endpoints.search,
    {
      config: ACCESS,
      schema: {
        summary:
          'Starts a pre-evaluation (novelty and inventiveness with evidence) of a claim set or a disclosure: ' +
          'at least 30 characters; optional title, kind, priority date (prior art before it) and own publication (excluded with its family)',
        tags: ['pre-evaluation'],
      },
    },
    async (request) => ok(await service.submit(requireUser(request), request.body, languageOf(request))),
  );

  route(
    app,
    endpoints.list,
    {
      config: ACCESS,
      schema: {
        summary: "The caller's pre-evaluations, newest first, with their state and risks (origin filters by page)",
        tags: ['pre-evaluation'],
      },
    },
    async (request) => {
      const { page, pageSize, origin } = request.body ?? PreEvaluationListRequestSchema.parse({});
      return ok(await service.list(requireUser(request), page, pageSize, origin, languageOf(request)));
    },
  );

  route(
    app,
    endpoints.remove,
    {
      config: ACCESS,
      schema: {
        summary: 'Deletes pre-evaluations of the caller: ?ids=a,b (spec: params)',
        tags: ['pre-evaluation'],
      },
    },
    async (request) => ok({ ids: await service.delete(requireUser(request), request.query.ids) }),
  );

  route(
    app,
    endpoints.detail,
    {
      config: ACCESS,
      schema: {
        summary:
          'A pre-evaluation: its state and progress, and once done its features, prior art, feature × document matrix and risks',
        tags: ['pre-evaluation'],
      },
    },
    async (request) => ok(await service.detail(requireUser(request), request.query.id, languageOf(request))),
  );

  route(
    app,
    endpoints.export,
    {
      config: ACCESS,
      schema: {
        summary:
          'A finished pre-evaluation as a Word (default) or PDF file: ?id=&format=docx|pdf; ' +
          '`report=novelty` writes the novelty report with the chosen `documents` and `categories` (PN:X,PN:Y)',
        tags: ['pre-evaluation'],
      },
    },
    async (request, reply) => {
      const lang = languageOf(request);
      const query = request.query;
      const { row, result } = await service.finished(requireUser(request), query.id, lang);
      const input = {
        title: row.title,
        text: row.text,
        kind: row.kind,
        priorityDate: row.priority_date,
        createdAt: row.created_at,
        result,
        lang,
        report: query.report,
        documents: query.documents
          ?.split(',')
          .map((s) => s.trim())
          .filter(Boolean),
        categories: query.categories ?? {},
      };
      const data = await cpu.run('evaluationFile', { format: query.format, evaluation: input });
      const base =
        query.report === 'novelty'
          ? lang === 'zh'
            ? '查新报告-'
            : 'novelty-report-'
          : lang === 'zh'
            ? '预评估报告-'
            : 'pre-evaluation-';
      return reply
        .type(FILE_TYPES[query.format])
        .header(
          'content-disposition',
          contentDisposition(`${base}${row.created_at.slice(0, 10).replace(/-/g, '')}.${query.format}`),
        )
        .send(data);
    },
  );
};
