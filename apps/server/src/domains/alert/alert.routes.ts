import {
  AlertAddRequestSchema,
  AlertDeleteResponseSchema,
  AlertDetailsRequestSchema,
  AlertDetailsResponseSchema,
  AlertExportRequestSchema,
  AlertIdParamsSchema,
  AlertListRequestSchema,
  AlertPageSchema,
  AlertRecipientConfirmRequestSchema,
  AlertRecipientConfirmResponseSchema,
  AlertResponseSchema,
  AlertResultCountRequestSchema,
  AlertResultCountResponseSchema,
  AlertRunListQuerySchema,
  AlertRunPageSchema,
  AlertStatusQuerySchema,
  AlertUpdateRequestSchema,
  DownloadTaskSchema,
  envelopeOf,
  formatErrorMessage,
  LibraryAlertRequestSchema,
} from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../envelope.js';
import { languageOf } from '../../plugins/locale.js';
import { AppError } from '../../errors.js';
import { requireUser } from '../../kernel/access.plugin.js';
import { confirmPageHtml } from './alert-confirm-page.js';
import { ALERT_PERMISSION, RECIPIENT_CONFIRM_PATH, type AlertService } from './alert.service.js';

export interface AlertRoutesOptions {
  service: AlertService;
}

/** Spec 2 §6: alerts need the /warning menu permission. */
const WARNING = { access: ALERT_PERMISSION } as const;
const AlertEnvelope = envelopeOf(AlertResponseSchema);

/** Alerts under /api/product (spec 2 §7 /warn/*, /collection/warn, /download/warnResult). */
export const alertRoutes: FastifyPluginAsyncZod<AlertRoutesOptions> = async (app, { service }) => {
  // The confirmation page's form posts its token as a browser does (these routes only).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get(
    '/warn/recipient/confirm',
    {
      config: { access: 'public' },
      schema: {
        summary:
          "The link mailed to an alert's recipient (issue 41): an HTML page asking to confirm; opening it changes nothing",
        tags: ['alert'],
        querystring: AlertRecipientConfirmRequestSchema,
      },
    },
    async (request, reply) => {
      const lang = languageOf(request);
      const page = await service.confirmationQuestion(request.query.token, RECIPIENT_CONFIRM_PATH, lang);
      return reply
        .code(page.kind === 'failed' ? 400 : 200)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(confirmPageHtml(page, lang));
    },
  );

  app.post(
    '/warn/recipient/confirm',
    {
      config: { access: 'public' },
      schema: {
        summary:
          "Confirms an alert recipient's address with the mailed token: the owner's alerts mail it from their next run. The page's form answers HTML, JSON the envelope",
        tags: ['alert'],
        body: AlertRecipientConfirmRequestSchema,
      },
    },
    async (request, reply) => {
      const isForm = (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
      if (!isForm) {
        const confirmed = await service.confirmRecipient(request.body.token);
        return reply.send(ok(AlertRecipientConfirmResponseSchema.parse({ ...confirmed, confirmed: true })));
      }
      const lang = languageOf(request);
      let html: string;
      try {
        const confirmed = await service.confirmRecipient(request.body.token);
        html = confirmPageHtml({ kind: 'done', ...confirmed }, lang);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        html = confirmPageHtml({ kind: 'failed', message: formatErrorMessage(err.code, lang, err.params) }, lang);
        reply.code(400);
      }
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    },
  );

  app.post(
    '/warn/addWarnInfo',
    {
      config: WARNING,
      schema: {
        summary: 'Creates an alert on a search expression, a library or publication numbers (spec 2 §5 checks)',
        tags: ['alert'],
        body: AlertAddRequestSchema,
        response: { 200: AlertEnvelope },
      },
    },
    async (request) => ok({ alert: await service.add(requireUser(request), request.body, languageOf(request)) }),
  );

  app.post(
    '/warn/updateWarnInfo',
    {
      config: WARNING,
      schema: {
        summary: 'Replaces an alert of the caller (every field)',
        tags: ['alert'],
        body: AlertUpdateRequestSchema,
        response: { 200: AlertEnvelope },
      },
    },
    async (request) => {
      const { id, ...input } = request.body;
      return ok({ alert: await service.update(requireUser(request), id, input, languageOf(request)) });
    },
  );

  app.post(
    '/collection/warn',
    {
      config: WARNING,
      schema: {
        summary: "Creates or updates the caller's alert of a library folder",
        tags: ['alert'],
        body: LibraryAlertRequestSchema,
        response: { 200: AlertEnvelope },
      },
    },
    async (request) =>
      ok({ alert: await service.saveLibraryAlert(requireUser(request), request.body, languageOf(request)) }),
  );

  app.post(
    '/warn/getWarnList',
    {
      config: WARNING,
      schema: {
        summary: "The caller's alerts, newest first, with state, last and next run",
        tags: ['alert'],
        body: AlertListRequestSchema,
        response: { 200: envelopeOf(AlertPageSchema) },
      },
    },
    async (request) => ok(await service.list(requireUser(request), request.body)),
  );

  app.get(
    '/warn/change/warn/status/:id',
    {
      config: WARNING,
      schema: {
        summary: 'Switches an alert on or off (?enabled=true|false sets it; absent: the opposite of now)',
        tags: ['alert'],
        params: AlertIdParamsSchema,
        querystring: AlertStatusQuerySchema,
        response: { 200: AlertEnvelope },
      },
    },
    async (request) => {
      const { enabled } = request.query;
      const alert = await service.setEnabled(
        requireUser(request),
        request.params.id,
        enabled === undefined ? undefined : enabled === 'true',
      );
      return ok({ alert });
    },
  );

  app.get(
    '/warn/deleteWarnInfo/:id',
    {
      config: WARNING,
      schema: {
        summary: 'Deletes an alert with its runs',
        tags: ['alert'],
        params: AlertIdParamsSchema,
        response: { 200: envelopeOf(AlertDeleteResponseSchema) },
      },
    },
    async (request) => {
      await service.remove(requireUser(request), request.params.id);
      return ok({ deleted: true as const });
    },
  );

  app.get(
    '/warn/getWarnResultList/:id',
    {
      config: WARNING,
      schema: {
        summary: "An alert's runs, newest first",
        tags: ['alert'],
        params: AlertIdParamsSchema,
        querystring: AlertRunListQuerySchema,
        response: { 200: envelopeOf(AlertRunPageSchema) },
      },
    },
    async (request) =>
      ok(await service.runs(requireUser(request), request.params.id, request.query.page, request.query.pageSize)),
  );

  app.post(
    '/warn/getWarnResultCount',
    {
      config: WARNING,
      schema: {
        summary: "Runs and new / changed patents of the caller's alerts",
        tags: ['alert'],
        body: AlertResultCountRequestSchema,
        response: { 200: envelopeOf(AlertResultCountResponseSchema) },
      },
    },
    async (request) => ok(await service.resultCount(requireUser(request), request.body.alertIds)),
  );

  app.post(
    '/warn/getWarnDetails',
    {
      config: WARNING,
      schema: {
        summary: "A run's patents with their changes; `set` opens them on the result page",
        tags: ['alert'],
        body: AlertDetailsRequestSchema,
        response: { 200: envelopeOf(AlertDetailsResponseSchema) },
      },
    },
    async (request) => ok(await service.details(requireUser(request), request.body)),
  );

  app.post(
    '/download/warnResult',
    {
      config: WARNING,
      schema: {
        summary: "Exports a run's patents (any format) as a download task, followed on /download",
        tags: ['alert', 'export'],
        body: AlertExportRequestSchema,
        response: { 200: envelopeOf(z.object({ task: DownloadTaskSchema })) },
      },
    },
    async (request) => ok({ task: await service.exportRun(requireUser(request), request.body, languageOf(request)) }),
  );
};
