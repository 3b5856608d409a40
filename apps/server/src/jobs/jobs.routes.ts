import { jobsEndpoints as endpoints, SYS_PERMISSION } from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../kernel/route.js';
import { sysJobOf, type JobQueue } from './queue.js';

export interface JobsRoutesOptions {
  queue: JobQueue;
}

/** The operators' view of the job queue (permission '/sys'): did retention run, what failed. */
export const jobsRoutes: FastifyPluginAsyncZod<JobsRoutesOptions> = async (app, { queue }) => {
  route(
    app,
    endpoints.list,
    {
      config: { access: SYS_PERMISSION },
      schema: {
        summary: 'Recent jobs, newest first: kind, status, run time, attempts, last error, result',
        tags: ['sys'],
      },
    },
    async (request) => ({ status: 1, message: '', data: (await queue.list(request.query)).map(sysJobOf) }),
  );
};
