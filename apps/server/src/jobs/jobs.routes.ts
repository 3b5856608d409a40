import { envelopeOf, ListSysJobsQuerySchema, SYS_PERMISSION, SysJobSchema } from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sysJobOf, type JobQueue } from './queue.js';

export interface JobsRoutesOptions {
  queue: JobQueue;
}

/** The operators' view of the job queue (permission '/sys'): did retention run, what failed. */
export const jobsRoutes: FastifyPluginAsyncZod<JobsRoutesOptions> = async (app, { queue }) => {
  app.get(
    '/sys/jobs',
    {
      config: { access: SYS_PERMISSION },
      schema: {
        summary: 'Recent jobs, newest first: kind, status, run time, attempts, last error, result',
        tags: ['sys'],
        querystring: ListSysJobsQuerySchema,
        response: { 200: envelopeOf(z.array(SysJobSchema)) },
      },
    },
    async (request) => ({ status: 1, message: '', data: (await queue.list(request.query)).map(sysJobOf) }),
  );
};
