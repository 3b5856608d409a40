import { createReadStream } from 'node:fs';
import {
  ANALYSIS_EXPORT_BODY_BYTES,
  DownloadListRequestSchema,
  exportEndpoints as endpoints,
  formatErrorMessage,
} from '@patlas/contracts';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ok } from '../../envelope.js';
import { AppError } from '../../errors.js';
import { contentDisposition } from '../../files/spreadsheet.js';
import { languageOf } from '../../plugins/locale.js';
import { requireUser, type AccountAuthContext } from '../../kernel/access.plugin.js';
import { route, routePath } from '../../kernel/route.js';
import type { DirectExport, ExportService } from './export.service.js';
import { ProgressHub, type ProgressHubDeps } from './progress-hub.js';

export interface ExportRoutesOptions {
  service: ExportService;
  /** The per-user rate limit of the costly routes answered at once (plugins/costly-rate-limit.ts). */
  costly: RateLimitOptions;
  /**
   * How often the progress sockets' shared poll re-reads their tasks and credentials, besides this
   * process's change events (another process may run a task).
   */
  progressPollMs?: number;
  /** Which sessions and API tokens still stand (SessionService.liveCredentials): a socket of an ended one closes. */
  liveCredentials: ProgressHubDeps['liveCredentials'];
}

/** Spec 2 §6: exports and the download centre need the /user/download menu permission. */
const DOWNLOAD = { access: '/user/download' } as const;

/** The progress socket's path parameter (a WebSocket: route() does not register it). */
const IdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** Export and the download centre under /api/product (spec 2 §7): /export/* and /download/*. */
export const exportRoutes: FastifyPluginAsyncZod<ExportRoutesOptions> = async (
  app,
  { service, progressPollMs, costly, liveCredentials },
) => {
  // One poll for every progress socket of this server (issue 41 §7).
  const hub = new ProgressHub({
    tasksByIds: (ids) => service.tasksByIds(ids),
    progressOfRow: (row, lang) => service.progressOfRow(row, lang),
    onChange: (id, listener) => service.onChange(id, listener),
    liveCredentials,
    pollMs: progressPollMs ?? 1000,
    log: app.log,
  });
  app.addHook('preClose', async () => hub.close());
  for (const definition of [endpoints.fields, endpoints.fieldsPost]) {
    route(
      app,
      definition,
      {
        config: DOWNLOAD,
        schema: {
          summary:
            "The exportable fields in the caller's language, grouped; their order; the fields the dialog starts with",
          tags: ['export'],
        },
      },
      async (request) => ok(await service.fields(requireUser(request), languageOf(request))),
    );
  }

  route(
    app,
    endpoints.sortFields,
    {
      config: DOWNLOAD,
      schema: {
        summary: "Saves the caller's order of the export fields",
        tags: ['export'],
      },
    },
    async (request) => {
      const auth = requireUser(request);
      await service.sortFields(auth, request.body.fields);
      return ok(await service.fields(auth, languageOf(request)));
    },
  );

  route(
    app,
    endpoints.lastFields,
    {
      config: DOWNLOAD,
      schema: {
        summary: 'Remembers the fields of the last export: the next dialog starts with them',
        tags: ['export'],
      },
    },
    async (request) => {
      const auth = requireUser(request);
      await service.saveLastFields(auth, request.body.fields);
      return ok(await service.fields(auth, languageOf(request)));
    },
  );

  route(
    app,
    endpoints.template,
    {
      config: DOWNLOAD,
      schema: {
        summary: "Lists the caller's export templates, or saves one (at most 100; names of up to 8 characters, unique)",
        tags: ['export'],
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const body = request.body;
      if (body.action === 'list') return ok(await service.listTemplates(auth));
      return ok(await service.saveTemplate(auth, body));
    },
  );

  route(
    app,
    endpoints.deleteTemplate,
    {
      config: DOWNLOAD,
      schema: {
        summary: 'Deletes an export template of the caller',
        tags: ['export'],
      },
    },
    async (request) => {
      await service.deleteTemplate(requireUser(request), request.params.id);
      return ok({ id: request.params.id });
    },
  );

  route(
    app,
    endpoints.check,
    {
      config: DOWNLOAD,
      schema: {
        summary:
          'Whether an export may run (file name, range, row limit, quota), its rows, and whether it is answered at once',
        tags: ['export'],
      },
    },
    async (request) => ok(await service.check(requireUser(request), request.body, languageOf(request))),
  );

  route(
    app,
    endpoints.excel,
    {
      config: DOWNLOAD,
      schema: {
        summary:
          'A table export: up to 1,000 rows of xlsx or csv answer the file itself (content-disposition); ' +
          'anything larger becomes a download task, answered as { task }',
        tags: ['export'],
      },
    },
    async (request, reply) => {
      return answerDirect(reply, await service.exportDirect(requireUser(request), request.body, languageOf(request)));
    },
  );

  route(
    app,
    endpoints.citations,
    {
      config: DOWNLOAD,
      schema: {
        summary:
          'The citations of a result set or of chosen patents: a row per (patent, cited or citing document), ' +
          'xlsx or csv; up to 1,000 patents answer the file, more become a download task ({ task })',
        tags: ['export'],
      },
    },
    async (request, reply) => {
      return answerDirect(
        reply,
        await service.exportCitations(requireUser(request), request.body, languageOf(request)),
      );
    },
  );

  route(
    app,
    endpoints.analysis,
    {
      config: DOWNLOAD,
      // Chart images come as base64 PNGs: more than the default body limit.
      bodyLimit: ANALYSIS_EXPORT_BODY_BYTES,
      schema: {
        summary:
          'The analysis of a result set (charts in order, each with its data table recomputed by the server and ' +
          "the browser's PNG) as xlsx or docx: a download task followed on /download",
        tags: ['export'],
      },
    },
    async (request) =>
      ok({ task: await service.exportAnalysis(requireUser(request), request.body, languageOf(request)) }),
  );

  // One patent as a document, answered at once (spec 2 §7 /export/docx and /download/pdf, query
  // publicationNumber): the detail page's Word and PDF downloads.
  const onePatentDocument = [
    { definitions: [endpoints.docx, endpoints.docxPost], format: 'docx' as const, name: 'Word' },
    { definitions: [endpoints.pdf, endpoints.pdfPost], format: 'pdf' as const, name: 'PDF' },
  ];
  for (const { definitions, format, name } of onePatentDocument) {
    for (const definition of definitions) {
      route(
        app,
        definition,
        {
          config: { ...DOWNLOAD, rateLimit: costly },
          schema: {
            summary: `One patent (query publicationNumber, any written form) as a ${name} file: bibliography, abstract, claims, first drawing`,
            tags: ['export'],
          },
        },
        async (request, reply) => {
          const file = await service.exportOnePatent(
            requireUser(request),
            request.query.publicationNumber,
            format,
            languageOf(request),
          );
          return reply
            .type(file.contentType)
            .header('content-disposition', contentDisposition(file.filename))
            .send(file.data);
        },
      );
    }
  }

  route(
    app,
    endpoints.task,
    {
      config: DOWNLOAD,
      schema: {
        summary: 'Queues an export of any format as a download task, followed on /download',
        tags: ['export'],
      },
    },
    async (request) => ok({ task: await service.createTask(requireUser(request), request.body, languageOf(request)) }),
  );

  route(
    app,
    endpoints.list,
    {
      config: DOWNLOAD,
      schema: {
        summary: "The caller's download tasks, newest first (also the polling fallback of the progress socket)",
        tags: ['export'],
      },
    },
    async (request) => ok(await service.list(requireUser(request), request.query, languageOf(request))),
  );
  route(
    app,
    endpoints.listPost,
    {
      config: DOWNLOAD,
      schema: {
        summary: "The caller's download tasks, newest first",
        tags: ['export'],
      },
    },
    async (request) =>
      ok(
        await service.list(
          requireUser(request),
          request.body ?? DownloadListRequestSchema.parse({}),
          languageOf(request),
        ),
      ),
  );

  const actions = {
    cancel: {
      definitions: [endpoints.cancel, endpoints.cancelPost],
      summary: 'Cancels a waiting or running task (a running one stops between two batches; no file is kept)',
      run: (request: Parameters<typeof requireUser>[0], id: string) =>
        service.cancel(requireUser(request), id, languageOf(request)),
    },
    again: {
      definitions: [endpoints.again, endpoints.againPost],
      summary: 'Runs the export of a task again, as a new task (checked again)',
      run: (request: Parameters<typeof requireUser>[0], id: string) =>
        service.again(requireUser(request), id, languageOf(request)),
    },
    draw: {
      definitions: [endpoints.draw, endpoints.drawPost],
      summary: 'Writes the file of a finished, failed or cancelled task again, as the same task (e.g. once expired)',
      run: (request: Parameters<typeof requireUser>[0], id: string) =>
        service.draw(requireUser(request), id, languageOf(request)),
    },
  };
  for (const action of Object.values(actions)) {
    for (const definition of action.definitions) {
      route(
        app,
        definition,
        { config: DOWNLOAD, schema: { summary: action.summary, tags: ['export'] } },
        async (request) => ok({ task: await action.run(request, request.params.id) }),
      );
    }
  }

  route(
    app,
    endpoints.file,
    {
      config: DOWNLOAD,
      schema: {
        summary: 'The finished file of a task of the caller (expired: DOWNLOAD_EXPIRED)',
        tags: ['export'],
      },
    },
    async (request, reply) => {
      const file = await service.file(requireUser(request), request.params.id, languageOf(request));
      return reply
        .type(file.contentType)
        .header('content-disposition', contentDisposition(file.filename))
        .send(createReadStream(file.path));
    },
  );

  app.get(
    routePath(app, endpoints.progressSocket),
    {
      websocket: true,
      // A browser cannot set a header on a WebSocket: a single-use ticket comes as ?ticket= (issue 41:
      // the access token travelled in the URL, which proxies and access logs keep; ?token= is refused).
      config: { ...DOWNLOAD, ticketInQuery: true },
      schema: {
        summary:
          'WebSocket: the progress of a task (DownloadProgress), sent at once and on every change until it ends; ' +
          'a ticket of POST /api/platform/platform/socket/ticket as ?ticket= (or the bearer header)',
        tags: ['export'],
        params: IdParamsSchema,
        querystring: z.object({ ticket: z.string().max(200).optional() }),
      },
    },
    (socket, request) => {
      const lang = languageOf(request);
      let auth: AccountAuthContext;
      try {
        auth = requireUser(request);
      } catch (err) {
        const code = err instanceof AppError ? err.code : 'UNAUTHORIZED';
        socket.send(JSON.stringify({ status: 0, message: formatErrorMessage(code, lang), data: { code } }));
        socket.close(1008);
        return;
      }
      const { userId, sessionId, apiTokenId } = auth;
      hub.watch({ userId, sessionId, apiTokenId, taskId: request.params.id, lang, socket });
    },
  );
};

/** A direct export's answer: the file itself (content-disposition), or the task it became as { task }. */
function answerDirect(reply: FastifyReply, result: DirectExport) {
  if (result.kind === 'task') return ok({ task: result.task });
  return reply
    .type(result.contentType)
    .header('content-disposition', contentDisposition(result.filename))
    .send(result.data);
}
