import { z } from 'zod';
import { MAX_EXPRESSION_LENGTH } from './limits.js';
import { SourceSelectionSchema } from './source-scope.js';

/** Issue 48: an expression to break down into its clauses, in the caller's data sources. */
export const ClauseTreeRequestSchema = z.object({
  searchExpre: z.string().max(MAX_EXPRESSION_LENGTH + 1000),
  source: SourceSelectionSchema.optional(),
});
export type ClauseTreeRequest = z.infer<typeof ClauseTreeRequestSchema>;

/**
 * One clause of the tree. `total`: its hits on its own. `without`: the whole expression's hits with
 * this clause removed (a NOT, or an AND / OR left without a clause, goes with it); absent for the
 * whole expression. From it: `loses` = total(whole) − without, the hits only this clause brings (an
 * OR branch); `costs` = without − total(whole), the hits this clause keeps out (an AND condition, a
 * NOT). At most one of the two is above 0.
 */
export interface ClauseNode {
  kind: 'And' | 'Or' | 'Not' | 'Term' | 'Range' | 'Near' | 'HistoryRef' | 'Semantic';
  /** Where the clause is in `expression` (0-based, end exclusive). */
  start: number;
  end: number;
  /** The clause as written (`expression.slice(start, end)`). */
  text: string;
  /** The clause as an expression of its own (its field written out): what its result page searches. */
  searchExpre: string;
  total: number;
  without?: number;
  loses: number;
  costs: number;
  /** A clause whose own clauses were not broken down (the tree's node limit). */
  collapsed?: boolean;
  children?: ClauseNode[];
}

export const ClauseNodeSchema: z.ZodType<ClauseNode> = z.lazy(() =>
  z.object({
    kind: z.enum(['And', 'Or', 'Not', 'Term', 'Range', 'Near', 'HistoryRef', 'Semantic']),
    start: z.number().int(),
    end: z.number().int(),
    text: z.string(),
    searchExpre: z.string(),
    total: z.number().int(),
    without: z.number().int().optional(),
    loses: z.number().int(),
    costs: z.number().int(),
    collapsed: z.boolean().optional(),
    children: z.array(ClauseNodeSchema).optional(),
  }),
);

export const ClauseTreeResponseSchema = z.object({
  /** The text the spans point into: the expression sent, or what a codes-only box is searched as. */
  expression: z.string(),
  /** The whole expression, its clauses below it. */
  root: ClauseNodeSchema,
  /** Clauses counted (at most MAX_CLAUSE_TREE_NODES). */
  nodes: z.number().int(),
  /** Some clauses were counted as a whole, not broken down (the node limit). */
  truncated: z.boolean(),
  tookMs: z.number(),
});
export type ClauseTreeResponse = z.infer<typeof ClauseTreeResponseSchema>;
