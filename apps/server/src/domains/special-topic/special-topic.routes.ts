import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  envelopeOf,
  MAX_TOPIC_PICTURE_BYTES,
  MAX_TOPIC_PICTURE_SIDE,
  SpecialTopicCardListSchema,
  SpecialTopicInputSchema,
  SpecialTopicOrderSchema,
  SpecialTopicPatchSchema,
  SpecialTopicSchema,
  SYS_PERMISSION,
} from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../envelope.js';
import { AppError } from '../../errors.js';
import { readUpload } from '../../files/upload.js';
import { languageOf } from '../../plugins/locale.js';
import { TOPIC_PICTURE_ROUTE, type SpecialTopicService } from './special-topic.service.js';

export interface SpecialTopicRoutesOptions {
  service: SpecialTopicService;
}

const OPERATORS = { access: SYS_PERMISSION };
const IdParams = z.object({ id: z.string().min(1).max(64) });

/**
 * The home page's special topics (spec 1 §7 POST /indexPage/getSpecialTopicInfo) and their
 * upkeep in the operators' area (/sys/specialTopics), under /api/product.
 */
export const specialTopicRoutes: FastifyPluginAsyncZod<SpecialTopicRoutesOptions> = async (app, { service }) => {
  app.post(
    '/indexPage/getSpecialTopicInfo',
    {
      // Public like the home page itself: the cards and counts of the operators' topics.
      config: { access: 'public' },
      schema: {
        summary: 'The enabled special topics in order, in the caller language, with the live count of each expression',
        tags: ['special-topic'],
        response: { 200: envelopeOf(SpecialTopicCardListSchema) },
      },
    },
    async (request) => ok(await service.cards(languageOf(request))),
  );

  app.get(
    `${TOPIC_PICTURE_ROUTE}/:file`,
    {
      // Public: <img> tags cannot send a bearer header.
      config: { access: 'public' },
      schema: {
        summary: "A special topic's picture (WebP)",
        tags: ['special-topic'],
        params: z.object({ file: z.string().min(1).max(100) }),
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

  app.get(
    '/sys/specialTopics',
    {
      config: OPERATORS,
      schema: {
        summary: 'Every special topic, in home-page order',
        tags: ['special-topic'],
        response: { 200: envelopeOf(z.array(SpecialTopicSchema)) },
      },
    },
    async () => ok(await service.list()),
  );

  app.post(
    '/sys/specialTopics',
    {
      config: OPERATORS,
      schema: {
        summary: 'Adds a topic after the others; an expression the search refuses is refused with its message',
        tags: ['special-topic'],
        body: SpecialTopicInputSchema,
        response: { 200: envelopeOf(SpecialTopicSchema) },
      },
    },
    async (request) => ok(await service.create(request.body, languageOf(request))),
  );

  app.put(
    '/sys/specialTopics/:id',
    {
      config: OPERATORS,
      schema: {
        summary: 'Changes a topic (any of its fields; `enabled` shows or hides it on the home page)',
        tags: ['special-topic'],
        params: IdParams,
        body: SpecialTopicPatchSchema,
        response: { 200: envelopeOf(SpecialTopicSchema) },
      },
    },
    async (request) => ok(await service.update(request.params.id, request.body, languageOf(request))),
  );

  app.delete(
    '/sys/specialTopics/:id',
    {
      config: OPERATORS,
      schema: {
        summary: 'Deletes a topic and its picture',
        tags: ['special-topic'],
        params: IdParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await service.remove(request.params.id);
      return ok(null);
    },
  );

  app.post(
    '/sys/specialTopics/order',
    {
      config: OPERATORS,
      schema: {
        summary: 'Puts the topics in this order (every topic id once)',
        tags: ['special-topic'],
        body: SpecialTopicOrderSchema,
        response: { 200: envelopeOf(z.array(SpecialTopicSchema)) },
      },
    },
    async (request) => ok(await service.reorder(request.body.ids)),
  );

  app.post(
    '/sys/specialTopics/:id/picture',
    {
      config: OPERATORS,
      schema: {
        summary: `Uploads a topic's picture (multipart, field "file"; JPEG, PNG or WebP, at most ${
          MAX_TOPIC_PICTURE_BYTES / 1024 / 1024
        } MB and ${MAX_TOPIC_PICTURE_SIDE} px a side)`,
        tags: ['special-topic'],
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: envelopeOf(SpecialTopicSchema) },
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

  app.delete(
    '/sys/specialTopics/:id/picture',
    {
      config: OPERATORS,
      schema: {
        summary: "Removes a topic's picture",
        tags: ['special-topic'],
        params: IdParams,
        response: { 200: envelopeOf(SpecialTopicSchema) },
      },
    },
    async (request) => ok(await service.removePicture(request.params.id)),
  );
};
