import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  DISCLOSURE_IMAGE_SUCCESS_MESSAGE,
  DISCLOSURE_WRITING_PERMISSION,
  DisclosureListRequestSchema,
  MAX_DISCLOSURE_IMAGE_BYTES,
  disclosureEndpoints as endpoints,
} from '@patlas/contracts';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CpuPool } from '../../cpu/cpu-pool.js';
import { ok } from '../../envelope.js';
import { route } from '../../kernel/route.js';
import { AppError } from '../../errors.js';
import { contentDisposition } from '../../files/spreadsheet.js';
import { readUpload } from '../../files/upload.js';
import { languageOf } from '../../plugins/locale.js';
import { requireUser } from '../../kernel/access.plugin.js';
import type { DisclosureService } from './disclosure.service.js';

export interface DisclosureRoutesOptions {
  service: DisclosureService;
  /** The CPU workers: the files answered at once are drawn there. */
  cpu: CpuPool;
  /** The per-user rate limit of the costly routes answered at once (plugins/costly-rate-limit.ts). */
  costly: RateLimitOptions;
}

/** Spec 2 §6: the writing pages' permission gates every call. */
const ACCESS = { access: DISCLOSURE_WRITING_PERMISSION } as const;
const TAGS = ['disclosure'];
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Disclosure writing and application drafts under /api/product/disclosurePaper (ours: spec 2 names no calls). */
export const disclosureRoutes: FastifyPluginAsyncZod<DisclosureRoutesOptions> = async (
  app,
  { service, cpu, costly },
) => {
  route(
    app,
    endpoints.save,
    {
      config: ACCESS,
      schema: {
        summary:
          'Creates (no id) or updates a disclosure or application draft. An update names the version it was based on; ' +
          'a save based on an older version is refused (DISCLOSURE_VERSION_CONFLICT, 409) and overwrites nothing',
        tags: TAGS,
      },
    },
    async (request) => ok(await service.save(requireUser(request), request.body, languageOf(request))),
  );

  route(
    app,
    endpoints.detail,
    {
      config: ACCESS,
      schema: {
        summary:
          'A document of the caller: { id, kind, title, sections (plain text per section), content (editor JSON), version, updatedAt, createdAt }',
        tags: TAGS,
      },
    },
    async (request) => ok(await service.detail(requireUser(request), request.query.id)),
  );

  const listSummary = "The caller's documents, newest change first; `kind` and part of the title filter them";
  route(
    app,
    endpoints.list,
    {
      config: ACCESS,
      schema: {
        summary: listSummary,
        tags: TAGS,
      },
    },
    async (request) =>
      ok(await service.list(requireUser(request), request.body ?? DisclosureListRequestSchema.parse({}))),
  );
  route(
    app,
    endpoints.listGet,
    {
      config: ACCESS,
      schema: {
        summary: listSummary,
        tags: TAGS,
      },
    },
    async (request) => ok(await service.list(requireUser(request), request.query)),
  );

  route(
    app,
    endpoints.remove,
    {
      config: ACCESS,
      schema: {
        summary: 'Deletes documents of the caller with their versions and images; answers the ids deleted',
        tags: TAGS,
      },
    },
    async (request) => ok({ ids: await service.delete(requireUser(request), request.body.ids) }),
  );

  route(
    app,
    endpoints.versions,
    {
      config: ACCESS,
      schema: {
        summary:
          "A document's versions, newest first (autosaves within 10 minutes share one; saved and restored versions stay)",
        tags: TAGS,
      },
    },
    async (request) => ok({ items: await service.versions(requireUser(request), request.query.id) }),
  );

  route(
    app,
    endpoints.version,
    {
      config: ACCESS,
      schema: {
        summary: 'One version of a document with its texts (?id=&versionId=)',
        tags: TAGS,
      },
    },
    async (request) => ok(await service.version(requireUser(request), request.query.id, request.query.versionId)),
  );

  route(
    app,
    endpoints.restore,
    {
      config: ACCESS,
      schema: {
        summary:
          "Makes a version the document's next one; `version` is the document's current version (older: DISCLOSURE_VERSION_CONFLICT)",
        tags: TAGS,
      },
    },
    async (request) => ok(await service.restore(requireUser(request), request.body)),
  );

  for (const definition of [endpoints.exportGet, endpoints.exportPost]) {
    route(
      app,
      definition,
      {
        config: { ...ACCESS, rateLimit: costly },
        schema: {
          summary: 'The document as a Word file: its sections under their headings, with their images (?id=)',
          tags: TAGS,
        },
      },
      async (request, reply) => {
        const auth = requireUser(request);
        const lang = languageOf(request);
        const detail = await service.detail(auth, request.query.id);
        const images = await service.imagesForExport(auth, detail);
        const data = await cpu.run('disclosureDocx', { detail, images, lang });
        const name = detail.title.replace(/[\\/:*?"<>|\r\n]+/g, '_').slice(0, 80) || 'disclosure';
        return reply
          .type(DOCX_TYPE)
          .header('content-disposition', contentDisposition(`${name}.docx`))
          .send(data);
      },
    );
  }

  route(
    app,
    endpoints.uploadImage,
    {
      config: ACCESS,
      schema: {
        summary:
          'Uploads an image into a document (?id=; multipart, field "file"; jpg, jpeg or png up to 5 MB; at most 10 per document). ' +
          'Spec 2 §7: answered with message 成功 and the address in data.ossHttpPath',
        tags: TAGS,
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const upload = await readUpload(request, {
        missing: 'DISCLOSURE_IMAGE_REQUIRED',
        limit: {
          bytes: MAX_DISCLOSURE_IMAGE_BYTES,
          tooLarge: () =>
            new AppError('DISCLOSURE_IMAGE_TOO_LARGE', { max: `${MAX_DISCLOSURE_IMAGE_BYTES / 1024 / 1024}MB` }),
        },
      });
      const image = await service.uploadImage(auth, request.query.id, upload);
      return { ...ok(image), message: DISCLOSURE_IMAGE_SUCCESS_MESSAGE };
    },
  );

  route(
    app,
    endpoints.image,
    {
      config: ACCESS,
      schema: {
        summary: "An image of the caller's documents (the bearer header is required: the editor fetches it)",
        tags: TAGS,
      },
    },
    async (request, reply) => {
      const { row, path } = await service.image(requireUser(request), request.params.id);
      const info = await stat(path).catch(() => undefined);
      if (!info?.isFile()) throw new AppError('DISCLOSURE_IMAGE_NOT_FOUND');
      return reply
        .header('content-type', row.mime)
        .header('content-length', info.size)
        .header('cache-control', 'private, max-age=86400')
        .send(createReadStream(path));
    },
  );
};
