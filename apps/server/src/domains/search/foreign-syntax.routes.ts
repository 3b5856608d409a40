import { foreignSyntaxEndpoints as endpoints, MAX_FOREIGN_EXPRESSION_LENGTH } from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CpuPool } from '../../cpu/cpu-pool.js';
import { ok } from '../../envelope.js';
import { AppError } from '../../errors.js';
import { route } from '../../kernel/route.js';
import { languageOf } from '../../plugins/locale.js';

/**
 * Issue 48 item 2, "paste another system's syntax": recognises a CNIPA, incoPat, PatSnap, Lens,
 * Espacenet or Google Patents expression (or takes the forced system) and answers its Patlas
 * translation, the changes and the constructs with no equivalent, in the user's language. The
 * translation (packages/query/src/foreign) runs on a CPU worker: a paste at the length limit took
 * the HTTP thread 40–400 ms.
 */
export const foreignSyntaxRoutes: FastifyPluginAsyncZod<{ cpu: Pick<CpuPool, 'run'> }> = async (app, { cpu }) => {
  route(
    app,
    endpoints.translateForeignExpression,
    {
      config: { access: 'authenticated' },
      schema: {
        summary:
          'Translate a pasted expression of another system (CNIPA, incoPat, PatSnap, Lens, Espacenet, Google Patents) into Patlas syntax, with what changed and what has no equivalent',
        tags: ['search'],
      },
    },
    async (request) => {
      const { text, system } = request.body;
      if (text.length > MAX_FOREIGN_EXPRESSION_LENGTH) {
        throw new AppError('FOREIGN_EXPRESSION_TOO_LONG', { max: MAX_FOREIGN_EXPRESSION_LENGTH, length: text.length });
      }
      return ok(await cpu.run('foreignTranslation', { text, system, lang: languageOf(request) }));
    },
  );
};
