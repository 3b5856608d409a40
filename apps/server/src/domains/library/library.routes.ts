import { LibraryImportQuerySchema, libraryEndpoints as endpoints } from '@patlas/contracts';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../envelope.js';
import { AppError } from '../../errors.js';
import { contentDisposition } from '../../files/spreadsheet.js';
import { readUpload } from '../../files/upload.js';
import { route } from '../../kernel/route.js';
import { languageOf } from '../../plugins/locale.js';
import type { LibraryShareService } from './library-share.service.js';
import type { LibraryService } from './library.service.js';

export interface LibraryRoutesOptions {
  service: LibraryService;
  share: LibraryShareService;
  /** Invitations by e-mail per user and minute: the answer tells registered addresses apart (issue 41). */
  lookups: RateLimitOptions;
}

/** Spec 2 §6: libraries need the /user/collect menu permission. */
const LIBRARY = { access: '/user/collect' } as const;

/** Libraries under /api/product (spec 2 §7): /archive/v2/* and /labelmanage/*. */
export const libraryRoutes: FastifyPluginAsyncZod<LibraryRoutesOptions> = async (app, { service, share, lookups }) => {
  route(
    app,
    endpoints.save,
    {
      config: LIBRARY,
      schema: {
        summary:
          'Creates a folder, collects patents (numbers or a whole result set) into folders, saves an expression; ' +
          'as multipart with ?action=import&folderId=…, imports the numbers of a .txt or .xlsx file',
        tags: ['library'],
      },
    },
    async (request) => {
      const lang = languageOf(request);
      if (request.isMultipart()) {
        const query = LibraryImportQuerySchema.safeParse(request.query);
        if (!query.success) throw new AppError('VALIDATION_FAILED', { field: 'folderId', reason: 'required' });
        const { file, filename } = await readUpload(request);
        const name = filename.toLowerCase();
        const kind = name.endsWith('.txt') ? 'txt' : name.endsWith('.xlsx') ? 'xlsx' : undefined;
        if (!kind) throw new AppError('IMPORT_FILE_TYPE', { types: '.txt / .xlsx' });
        return ok(await service.importFile(request.auth, query.data.folderId, kind, file, lang));
      }
      const body = request.body;
      if (!body) throw new AppError('VALIDATION_FAILED', { field: 'action', reason: 'required' });
      switch (body.action) {
        case 'createFolder':
          return ok({ action: body.action, folder: await service.createFolder(request.auth, body) });
        case 'collect':
          return ok({ action: body.action, result: await service.collect(request.auth, body, lang) });
        case 'saveExpression':
          return ok({ action: body.action, expression: await service.saveExpression(request.auth, body, lang) });
      }
    },
  );

  route(
    app,
    endpoints.update,
    {
      config: LIBRARY,
      schema: {
        summary: 'Renames, moves, remarks, archives or unarchives a folder; renames a saved expression',
        tags: ['library'],
      },
    },
    async (request) => ok(await service.update(request.auth, request.body, languageOf(request))),
  );

  route(
    app,
    endpoints.remove,
    {
      config: LIBRARY,
      schema: {
        summary:
          'Folders to the recycle bin, back, or purged; patents out of a folder (at most 30,000 at once); saved expressions',
        tags: ['library'],
      },
    },
    async (request) => ok(await service.remove(request.auth, request.body, languageOf(request))),
  );

  route(
    app,
    endpoints.list,
    {
      config: LIBRARY,
      schema: {
        summary:
          'The folder tree with counts and states (or the recycle bin), a folder’s patents, saved expressions, ' +
          'or which folders hold given patents',
        tags: ['library'],
      },
    },
    async (request) => {
      const body = request.body;
      switch (body.type) {
        case 'folders': {
          const list = await service.listFolders(request.auth, body.state);
          if (body.state !== 'current' && body.state !== 'active') return ok(list);
          // The tree's "shared with me" node: libraries the caller is an active member of.
          const sharedWithMe = (await share.listShared(request.auth)).libraries.filter(
            (l) => l.role === 'member' && l.library.state === 'active',
          );
          return ok({ ...list, sharedWithMe });
        }
        case 'patents':
          return ok(await service.listPatents(request.auth, body));
        case 'expressions':
          return ok(await service.listExpressions(request.auth, body));
        case 'holding':
          return ok(await service.holding(request.auth, body.publicationNumbers));
        case 'shared':
          return ok(await share.listShared(request.auth));
      }
    },
  );

  route(
    app,
    endpoints.share,
    {
      config: {
        ...LIBRARY,
        // Only the invitations count: after validation (preHandler), the other actions go free.
        rateLimit: {
          ...lookups,
          hook: 'preHandler',
          allowList: (request) => (request.body as { action?: string } | undefined)?.action !== 'invite',
        },
      },
      schema: {
        summary:
          'Collaborative libraries: the owner invites users (at most 5 e-mails) or a group, lists members, ' +
          'removes a member, or stops sharing',
        tags: ['library'],
      },
    },
    async (request) => {
      const body = request.body;
      switch (body.action) {
        case 'invite':
          return ok({ action: body.action, ...(await share.invite(request.auth, body)) });
        case 'members':
          return ok({ action: body.action, members: await share.members(request.auth, body.folderId) });
        case 'remove':
          await share.removeMember(request.auth, body.folderId, body.userId);
          return ok({ action: body.action });
        case 'disband':
          await share.disband(request.auth, body.folderId);
          return ok({ action: body.action });
      }
    },
  );

  route(
    app,
    endpoints.quit,
    {
      config: LIBRARY,
      schema: {
        summary: 'A member leaves a library shared with them',
        tags: ['library'],
      },
    },
    async (request) => {
      await share.quit(request.auth, request.body.folderId);
      return ok({ done: true as const });
    },
  );

  route(
    app,
    endpoints.respond,
    {
      config: LIBRARY,
      schema: {
        summary: 'The invited user accepts or declines a library invitation (as answering it in the message centre)',
        tags: ['library'],
      },
    },
    async (request) => {
      await share.respond(request.auth, request.body.folderId, request.body.accept);
      return ok({ done: true as const });
    },
  );

  route(
    app,
    endpoints.exportFile,
    {
      config: LIBRARY,
      schema: {
        summary:
          'A folder with its sub-folders as .xlsx or .csv: one row per patent of each folder (folder path, ' +
          'number, title, applicants, dates, labels, collected at); content-disposition',
        tags: ['library'],
      },
    },
    async (request, reply) => {
      const { folderId, format } = request.body;
      const file = await service.exportFolder(request.auth, folderId, format, languageOf(request));
      return reply
        .type(file.contentType)
        .header('content-disposition', contentDisposition(file.filename))
        .send(file.body);
    },
  );

  route(
    app,
    endpoints.combine,
    {
      config: LIBRARY,
      schema: {
        summary: 'Combines saved expressions left to right with AND / OR / NOT (optionally saved under a name)',
        tags: ['library'],
      },
    },
    async (request) => ok(await service.combine(request.auth, request.body, languageOf(request))),
  );

  route(
    app,
    endpoints.logs,
    {
      config: LIBRARY,
      schema: {
        summary: 'The operation log of the library holding a folder: who did what, when; newest first',
        tags: ['library'],
      },
    },
    async (request) => ok(await service.logs(request.auth, request.body)),
  );

  route(
    app,
    endpoints.labels,
    {
      config: LIBRARY,
      schema: {
        summary: 'Indexing labels and sub-labels (with a folder: its library owner’s, with counts in the folder)',
        tags: ['library'],
      },
    },
    async (request) => ok(await service.listLabels(request.auth, request.body.folderId)),
  );

  route(
    app,
    endpoints.setLabel,
    {
      config: LIBRARY,
      schema: {
        summary: 'Creates or renames a label; sets labels on patents of a folder',
        tags: ['library'],
      },
    },
    async (request) => ok(await service.setLabel(request.auth, request.body)),
  );

  route(
    app,
    endpoints.cancelLabel,
    {
      config: LIBRARY,
      schema: {
        summary: 'Takes labels off patents of a folder; deletes a label without sub-labels',
        tags: ['library'],
      },
    },
    async (request) => ok(await service.cancelLabel(request.auth, request.body)),
  );
};
