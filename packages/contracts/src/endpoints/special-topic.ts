import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  SpecialTopicCardListSchema,
  SpecialTopicInputSchema,
  SpecialTopicOrderSchema,
  SpecialTopicPatchSchema,
  SpecialTopicSchema,
} from '../special-topic.js';

/** A special topic's id in the path. */
const IdParams = z.object({ id: z.string().min(1).max(64) });

/** The home page's special topics (spec 1 §7 POST /indexPage/getSpecialTopicInfo) and their upkeep in the operators' area. The picture routes send and take files. */
export const specialTopicEndpoints = {
  cards: endpoint({
    method: 'POST',
    path: '/product/indexPage/getSpecialTopicInfo',
    response: SpecialTopicCardListSchema,
  }),
  picture: endpoint({
    method: 'GET',
    path: '/product/indexPage/specialTopic/picture/:file',
    params: z.object({ file: z.string().min(1).max(100) }),
  }),
  list: endpoint({
    method: 'GET',
    path: '/product/sys/specialTopics',
    response: z.array(SpecialTopicSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/product/sys/specialTopics',
    body: SpecialTopicInputSchema,
    response: SpecialTopicSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/product/sys/specialTopics/:id',
    body: SpecialTopicPatchSchema,
    params: IdParams,
    response: SpecialTopicSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/product/sys/specialTopics/:id',
    params: IdParams,
    response: z.null(),
  }),
  reorder: endpoint({
    method: 'POST',
    path: '/product/sys/specialTopics/order',
    body: SpecialTopicOrderSchema,
    response: z.array(SpecialTopicSchema),
  }),
  setPicture: endpoint({
    method: 'POST',
    path: '/product/sys/specialTopics/:id/picture',
    params: IdParams,
    response: SpecialTopicSchema,
  }),
  removePicture: endpoint({
    method: 'DELETE',
    path: '/product/sys/specialTopics/:id/picture',
    params: IdParams,
    response: SpecialTopicSchema,
  }),
};
