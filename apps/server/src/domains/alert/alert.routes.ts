import { AlertRecipientConfirmResponseSchema, alertEndpoints, formatErrorMessage } from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../envelope.js';
import { languageOf } from '../../plugins/locale.js';
import { AppError } from '../../errors.js';
import { requireUser } from '../../kernel/access.plugin.js';
import { route } from '../../kernel/route.js';
import { confirmPageHtml } from './alert-confirm-page.js';
import { ALERT_PERMISSION, RECIPIENT_CONFIRM_PATH, type AlertService } from './alert.service.js';

export interface AlertRoutesOptions {
  service: AlertService;
}

/** Spec 2 §6: alerts need the /warning menu permission. */
const WARNING = { access: ALERT_PERMISSION } as const;

/** Alerts under /api/product (spec 2 §7 /warn/*, /collection/warn, /download/warnResult). */
export const alertRoutes: FastifyPluginAsyncZod<AlertRoutesOptions> = async (app, { service }) => {
  // The confirmation page's form posts its token as a browser does (these routes only).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  route(
    app,
    alertEndpoints.confirmPage,
    {
      config: { access: 'public' },
      schema: {
        summary:
          "The link mailed to an alert's recipient (issue 41): an HTML page asking to confirm; opening it changes nothing",
        tags: ['alert'],
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

  route(
    app,
    alertEndpoints.confirmRecipient,
    {
      config: { access: 'public' },
      schema: {
        summary:
          "Confirms an alert recipient's address with the mailed token: the owner's alerts mail it from their next run. The page's form answers HTML, JSON the envelope",
        tags: ['alert'],
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

  route(
    app,
    alertEndpoints.add,
    {
      config: WARNING,
      schema: {
        summary: 'Creates an alert on a search expression, a library or publication numbers (spec 2 §5 checks)',
        tags: ['alert'],
      },
    },
    async (request) => ok({ alert: await service.add(requireUser(request), request.body, languageOf(request)) }),
  );

  route(
    app,
    alertEndpoints.update,
    {
      config: WARNING,
      schema: {
        summary: 'Replaces an alert of the caller (every field)',
        tags: ['alert'],
      },
    },
    async (request) => {
      const { id, ...input } = request.body;
      return ok({ alert: await service.update(requireUser(request), id, input, languageOf(request)) });
    },
  );

  route(
    app,
    alertEndpoints.saveLibraryAlert,
    {
      config: WARNING,
      schema: {
        summary: "Creates or updates the caller's alert of a library folder",
        tags: ['alert'],
      },
    },
    async (request) =>
      ok({ alert: await service.saveLibraryAlert(requireUser(request), request.body, languageOf(request)) }),
  );

  route(
    app,
    alertEndpoints.list,
    {
      config: WARNING,
      schema: {
        summary: "The caller's alerts, newest first, with state, last and next run",
        tags: ['alert'],
      },
    },
    async (request) => ok(await service.list(requireUser(request), request.body)),
  );

  route(
    app,
    alertEndpoints.setStatus,
    {
      config: WARNING,
      schema: {
        summary: 'Switches an alert on or off (?enabled=true|false sets it; absent: the opposite of now)',
        tags: ['alert'],
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

  route(
    app,
    alertEndpoints.remove,
    {
      config: WARNING,
      schema: {
        summary: 'Deletes an alert with its runs',
        tags: ['alert'],
      },
    },
    async (request) => {
      await service.remove(requireUser(request), request.params.id);
      return ok({ deleted: true as const });
    },
  );

  route(
    app,
    alertEndpoints.sendTestMail,
    {
      config: WARNING,
      schema: {
        summary:
          "Mails the alert's current mail (its latest run's, or an empty one) to the caller's own address now, marked as a test; capped per account",
        tags: ['alert'],
      },
    },
    async (request) => ok(await service.sendTestMail(requireUser(request), request.params.id)),
  );

  route(
    app,
    alertEndpoints.runs,
    {
      config: WARNING,
      schema: {
        summary: "An alert's runs, newest first",
        tags: ['alert'],
      },
    },
    async (request) =>
      ok(await service.runs(requireUser(request), request.params.id, request.query.page, request.query.pageSize)),
  );

  route(
    app,
    alertEndpoints.resultCount,
    {
      config: WARNING,
      schema: {
        summary: "Runs and new / changed patents of the caller's alerts",
        tags: ['alert'],
      },
    },
    async (request) => ok(await service.resultCount(requireUser(request), request.body.alertIds)),
  );

  route(
    app,
    alertEndpoints.details,
    {
      config: WARNING,
      schema: {
        summary: "A run's patents with their changes; `set` opens them on the result page",
        tags: ['alert'],
      },
    },
    async (request) => ok(await service.details(requireUser(request), request.body)),
  );

  route(
    app,
    alertEndpoints.exportRun,
    {
      config: WARNING,
      schema: {
        summary: "Exports a run's patents (any format) as a download task, followed on /download",
        tags: ['alert', 'export'],
      },
    },
    async (request) => ok({ task: await service.exportRun(requireUser(request), request.body, languageOf(request)) }),
  );
};
