import { endpoint } from '../endpoint.js';
import {
  ClassificationChildrenRequestSchema,
  ClassificationChildrenResponseSchema,
  ClassificationPathRequestSchema,
  ClassificationPathResponseSchema,
  ClassificationSearchRequestSchema,
  ClassificationSearchResponseSchema,
} from '../classification.js';

/** The IPC / CPC scheme browser: children, search and path of scheme symbols. */
export const classificationEndpoints = {
  children: endpoint({
    method: 'GET',
    path: '/product/classification/children',
    query: ClassificationChildrenRequestSchema,
    response: ClassificationChildrenResponseSchema,
  }),
  search: endpoint({
    method: 'GET',
    path: '/product/classification/search',
    query: ClassificationSearchRequestSchema,
    response: ClassificationSearchResponseSchema,
  }),
  path: endpoint({
    method: 'GET',
    path: '/product/classification/path',
    query: ClassificationPathRequestSchema,
    response: ClassificationPathResponseSchema,
  }),
};
