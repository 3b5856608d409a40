import { systemEndpoints } from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../envelope.js';
import { route } from '../../kernel/route.js';
import type { PatentService } from '../patent/index.js';

export interface HealthRoutesOptions {
  patents: Pick<PatentService, 'count'>;
  version: string;
  isDemoLoading: () => boolean;
  /** The start's index check and the search workers' opening are still running (searches may wait or miss repairs). */
  isStarting: () => boolean;
  /** The semantic space: model name (null before one is learned), vectors held, build running. */
  semantic: () => { model: string | null; vectors: number; building: boolean };
  /** Optional services configured here (translation: TRANSLATE_URL is set; rewrite: LLM_URL is set). */
  features: () => { translation: boolean; rewrite: boolean };
}

/** GET /api/health: liveness, the size of the corpus, and which optional services are configured. */
export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (
  app,
  { patents, version, isDemoLoading, isStarting, semantic, features },
) => {
  route(
    app,
    systemEndpoints.health,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Liveness, corpus size and the optional services configured (the web app hides the others)',
        tags: ['system'],
      },
    },
    async () => {
      const { model, vectors, building } = semantic();
      return ok({
        patents: await patents.count(),
        version,
        demoLoading: isDemoLoading(),
        starting: isStarting(),
        semantic: { model, vectors, building },
        features: features(),
      });
    },
  );
};
