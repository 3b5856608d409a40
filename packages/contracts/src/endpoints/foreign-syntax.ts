import { z } from 'zod';
import { endpoint } from '../endpoint.js';

/** The systems whose expressions Patlas translates (issue 48 item 2). */
export const ForeignSystemSchema = z.enum(['cnipa', 'incopat', 'patsnap', 'lens', 'espacenet', 'google']);
export type ForeignSystemId = z.infer<typeof ForeignSystemSchema>;

/** The length is checked by the route (FOREIGN_EXPRESSION_TOO_LONG with the limit and the length). */
export const ForeignSyntaxRequestSchema = z.object({
  text: z.string().min(1),
  /** Forces the system instead of recognising it. */
  system: ForeignSystemSchema.optional(),
});
export type ForeignSyntaxRequest = z.infer<typeof ForeignSyntaxRequestSchema>;

export const ForeignSyntaxResponseSchema = z.object({
  /** null: no other system's syntax recognised (the text is left as it is). */
  system: ForeignSystemSchema.nullable(),
  /** The Patlas expression ('' when nothing could be kept). */
  expression: z.string(),
  changes: z.array(z.object({ from: z.string(), to: z.string(), message: z.string() })),
  /** Constructs carried over as written. */
  kept: z.array(z.string()),
  /** Constructs with no Patlas equivalent, each with what was done instead, in the user's language. */
  unsupported: z.array(z.object({ construct: z.string(), message: z.string() })),
});
export type ForeignSyntaxResponse = z.infer<typeof ForeignSyntaxResponseSchema>;

export const foreignSyntaxEndpoints = {
  translateForeignExpression: endpoint({
    method: 'POST',
    path: '/product/search/expression/foreign',
    body: ForeignSyntaxRequestSchema,
    response: ForeignSyntaxResponseSchema,
  }),
};
