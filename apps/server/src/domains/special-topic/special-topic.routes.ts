import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  MAX_TOPIC_PICTURE_BYTES,
  MAX_TOPIC_PICTURE_SIDE,
  SYS_PERMISSION,
  specialTopicEndpoints as endpoints,
} from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../envelope.js';
import { route } from '../../kernel/route.js';
import { AppError } from '../../errors.js';
import { readUpload } from '../../files/upload.js';
import { languageOf } from '../../plugins/locale.js';
import type { SpecialTopicService } from './special-topic.service.js';

export interface SpecialTopicRoutesOptions {
  service: SpecialTopicService;
}

const OPERATORS = { access: SYS_PERMISSION };

/**
 * The home page's special topics (spec 1 §7 POST /indexPage/getSpecialTopicInfo) and their
 * upkeep in the operators' area (/sys/specialTopics), under /api/product.
 */
export const specialTopicRoutes: FastifyPluginAsyncZod<SpecialTopicRoutesOptions> = async (app, { service }) => {
  route(
    app,
    endpoints.cards,
    {
      // Public like the home page itself: the cards and counts of the operators' topics.
      config: { access: 'public' },
      schema: {
        summary: 'The enabled special topics in order, in the caller language, with the live count of each expression',
        tags: ['special-topic'],
      },
    },
    async (request) => ok(await service.cards(languageOf(request))),
  );

  route(
    app,
    endpoints.picture,
    {
      // Public: <img> tags cannot send a bearer header.
      config: { access: 'public' },
      schema: {
        summary: "A special topic's picture (WebP)",
        tags: ['special-topic'],
      },
    },
    async (request, reply) => {
      const file = service.picturePath(request.params.file);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) throw new AppError('TOPIC_NOT_FOUND');
      return reply
        .header('content-type', 'image/webp')
        .header('content-length', info.size)
        .header('cache-control', 'public, max-age=86400')
        .send(createReadStream(file));
    },
  );

  route(
    app,
    endpoints.list,
    {
      config: OPERATORS,
      schema: {
        summary: 'Every special topic, in home-page order',
        tags: ['special-topic'],
      },
    },
    async () => ok(await service.list()),
  );

  route(
    app,
    endpoints.create,
    {
      config: OPERATORS,
      schema: {
        summary: 'Adds a topic after the others; an expression the search refuses is refused with its message',
        tags: ['special-topic'],
      },
    },
    async (request) => ok(await service.create(request.body, languageOf(request))),
  );

  route(
    app,
    endpoints.update,
    {
      config: OPERATORS,
      schema: {
        summary: 'Changes a topic (any of its fields; `enabled` shows or hides it on the home page)',
        tags: ['special-topic'],
      },
    },
    async (request) => ok(await service.update(request.params.id, request.body, languageOf(request))),
  );

  route(
    app,
    endpoints.remove,
    {
      config: OPERATORS,
      schema: {
        summary: 'Deletes a topic and its picture',
        tags: ['special-topic'],
      },
    },
    async (request) => {
      await service.remove(request.params.id);
      return ok(null);
    },
  );

  route(
    app,
    endpoints.reorder,
    {
      config: OPERATORS,
      schema: {
        summary: 'Puts the topics in this order (every topic id once)',
        tags: ['special-topic'],
      },
    },
    async (request) => ok(await service.reorder(request.body.ids)),
  );

  route(
    app,
    endpoints.setPicture,
    {
      config: OPERATORS,
      schema: {
        summary: `Uploads a topic's picture (multipart, field "file"; JPEG, PNG or WebP, at most ${
          MAX_TOPIC_PICTURE_BYTES / 1024 / 1024
        } MB and ${MAX_TOPIC_PICTURE_SIDE} px a side)`,
        tags: ['special-topic'],
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      const upload = await readUpload(request, {
        missing: 'TOPIC_PICTURE_REQUIRED',
        limit: {
          bytes: MAX_TOPIC_PICTURE_BYTES,
          tooLarge: () =>
            new AppError('TOPIC_PICTURE_TOO_LARGE', {
              max: `${MAX_TOPIC_PICTURE_BYTES / 1024 / 1024} MB`,
              side: MAX_TOPIC_PICTURE_SIDE,
            }),
        },
      });
      return ok(await service.setPicture(request.params.id, upload.file));
    },
  );

  route(
    app,
    endpoints.removePicture,
    {
      config: OPERATORS,
      schema: {
        summary: "Removes a topic's picture",
        tags: ['special-topic'],
      },
    },
    async (request) => ok(await service.removePicture(request.params.id)),
  );
};
