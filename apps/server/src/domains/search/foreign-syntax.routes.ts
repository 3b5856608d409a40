import { foreignSyntaxEndpoints as endpoints, MAX_FOREIGN_EXPRESSION_LENGTH } from '@patlas/contracts';
import { translateForeign } from '@patlas/query';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../envelope.js';
import { AppError } from '../../errors.js';
import { route } from '../../kernel/route.js';
import { languageOf } from '../../plugins/locale.js';

/**
 * Issue 48 item 2, "paste another system's syntax": recognises a CNIPA, incoPat, PatSnap, Lens,
 * Espacenet or Google Patents expression (or takes the forced system) and answers its Patlas
 * translation, the changes and the constructs with no equivalent, in the user's language. Pure and
 * linear (packages/query/src/foreign); the length limit keeps it well inside the request thread's budget.
 */
export const foreignSyntaxRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const lang = languageOf(request);
      const result = translateForeign(text, system);
      if (!result) return ok({ system: null, expression: text, changes: [], kept: [], unsupported: [] });
      return ok({
        system: result.system,
        expression: result.expression,
        changes: result.changes.map((c) => ({ from: c.from, to: c.to, message: lang === 'en' ? c.en : c.zh })),
        kept: [...result.kept],
        unsupported: result.unsupported.map((u) => ({ construct: u.construct, message: lang === 'en' ? u.en : u.zh })),
      });
    },
  );
};
