import { REWRITE_PERMISSION, RewriteListRequestSchema, rewriteEndpoints as endpoints } from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../envelope.js';
import { route } from '../../kernel/route.js';
import { contentDisposition } from '../../files/spreadsheet.js';
import { languageOf } from '../../plugins/locale.js';
import { requireUser } from '../../kernel/access.plugin.js';
import type { RewriteService } from './rewrite.service.js';

export interface RewriteRoutesOptions {
  service: RewriteService;
}

/** Spec 2 §6: assisted writing is behind the '/assistedWriting' menu permission. */
const ACCESS = { access: REWRITE_PERMISSION } as const;

const CONTENT_TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
} as const;

/** Assisted writing under /api/product (spec 2 §7 "Rewrite"; surface.json group rewrite). */
export const rewriteRoutes: FastifyPluginAsyncZod<RewriteRoutesOptions> = async (app, { service }) => {
  route(
    app,
    endpoints.text,
    {
      config: ACCESS,
      schema: {
        summary:
          'Rewrites a passage (up to 2,000 characters) in a mode — rephrase, claim, expand, shorten — answered ' +
          'within the request (LLM_TIMEOUT_MS, retries included); counts its characters against the day',
        tags: ['rewrite'],
      },
    },
    async (request) =>
      ok(await service.rewriteText(requireUser(request), request.body, languageOf(request), request.cancelSignal)),
  );

  route(
    app,
    endpoints.all,
    {
      config: ACCESS,
      schema: {
        summary:
          'Rewrites a whole document (up to 50,000 characters) as a task, in pieces of whole sentences; ' +
          'answered at once as waiting, followed with GET /patent/rewrite/all/status?id=',
        tags: ['rewrite'],
      },
    },
    async (request) => ok(await service.rewriteAll(requireUser(request), request.body, languageOf(request))),
  );

  route(
    app,
    endpoints.status,
    {
      config: ACCESS,
      schema: {
        summary: 'A rewrite of the caller with its state, pieces done and texts (the result so far while running)',
        tags: ['rewrite'],
      },
    },
    async (request) => ok(await service.get(requireUser(request), request.query.id, languageOf(request))),
  );

  route(
    app,
    endpoints.dayLimit,
    {
      config: ACCESS,
      schema: {
        summary:
          "Today's allowance in characters (UTC day): limit, used, left, when it renews; and the account's writing quota",
        tags: ['rewrite'],
      },
    },
    async (request) => ok(await service.dayLimit(requireUser(request))),
  );

  route(
    app,
    endpoints.list,
    {
      config: ACCESS,
      schema: {
        summary:
          "The caller's rewrites, newest first, filtered by words (title, original, result), mode and state; " +
          'texts cut to 300 characters',
        tags: ['rewrite'],
      },
    },
    async (request) =>
      ok(
        await service.list(
          requireUser(request),
          request.body ?? RewriteListRequestSchema.parse({}),
          languageOf(request),
        ),
      ),
  );

  route(
    app,
    endpoints.remove,
    {
      config: ACCESS,
      schema: {
        summary: 'Deletes rewrites of the caller from the history (they still count against the day and the quota)',
        tags: ['rewrite'],
      },
    },
    async (request) => ok({ ids: await service.delete(requireUser(request), request.body.ids) }),
  );

  route(
    app,
    endpoints.exportText,
    {
      config: ACCESS,
      schema: {
        summary: 'One rewrite or several (up to 100) as a Word file (default) or plain text: { ids, format: docx|txt }',
        tags: ['rewrite'],
      },
    },
    async (request, reply) => {
      const { ids, format } = request.body;
      const file = await service.exportFile(requireUser(request), ids, format, languageOf(request));
      return reply
        .type(CONTENT_TYPES[format])
        .header('content-disposition', contentDisposition(file.fileName))
        .send(file.data);
    },
  );
};
