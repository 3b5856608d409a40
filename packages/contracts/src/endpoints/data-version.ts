import { z } from 'zod';
import { endpoint } from '../endpoint.js';

/** One data version (issue 19: one per import), as the result page's "as of" picker lists it. */
export const DataVersionSchema = z.object({
  version: z.number().int(),
  /** demo, cli, upload or other */
  origin: z.string(),
  startedAt: z.string(),
  /** null while its import runs */
  finishedAt: z.string().nullable(),
  inserted: z.number().int(),
  updated: z.number().int(),
});
export type DataVersion = z.infer<typeof DataVersionSchema>;

export const DataVersionListSchema = z.object({
  /** The newest version (0 before the first import). */
  latest: z.number().int(),
  /** The newest versions first (at most MAX_LISTED_DATA_VERSIONS). */
  versions: z.array(DataVersionSchema),
});
export type DataVersionList = z.infer<typeof DataVersionListSchema>;

/** How many versions the list holds (the newest). */
export const MAX_LISTED_DATA_VERSIONS = 200;

/** Issue 48 item 5: the data versions a search can run as of (`asOf`). */
export const dataVersionEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/platform/data/versions',
    response: DataVersionListSchema,
  }),
};
