import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { ListSysJobsQuerySchema, SysJobSchema } from '../history.js';

/** The operators' view of the job queue (apps/server/src/jobs). */
export const jobsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/product/sys/jobs',
    query: ListSysJobsQuerySchema,
    response: z.array(SysJobSchema),
  }),
};
