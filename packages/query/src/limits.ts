/**
 * Spec 1 §9: "Search expression length 50000". Same value as contracts' MAX_EXPRESSION_LENGTH;
 * repeated here because packages/query depends on nothing.
 */
export const MAX_EXPRESSION_LENGTH = 50_000;

/** Most terms (leaves) in one expression before "adjust logic complexity" (spec 1 §8). A 50000-character batch of publication numbers holds about 3000. */
export const MAX_QUERY_TERMS = 5_000;

/** Deepest nesting of parentheses, field groups and NOT before "remove unneeded parentheses/NOT" (spec 1 §8); also bounds the parser's recursion. */
export const MAX_QUERY_DEPTH = 32;

/**
 * Most proximity operators (W/n, N/n, S, P, 同句, 同段) in one expression. Each one is checked
 * exactly on the stored text of every candidate document, so their cost adds up: on the demo
 * corpus an OR of 250 `TIAB=(a W/n b)` clauses ran for 13 s. Professional expressions use a few
 * to a few dozen; beyond this the expression is refused before it runs (QUERY_TOO_MANY_PROXIMITY).
 */
export const MAX_QUERY_PROXIMITY = 50;

/**
 * Most words all the truncations (`batter*`, `?ptical`) of one expression may expand to, counted by
 * the engine where it expands them; each expanded word is one more term to look up, as a written
 * one is, hence the same bound as MAX_QUERY_TERMS (QUERY_TOO_MANY_EXPANSIONS).
 */
export const MAX_WILDCARD_EXPANSIONS = 5_000;

/** Proximity distance in words: `W/1` is adjacent-in-order, beyond 100 words proximity means little. */
export const MIN_PROXIMITY_DISTANCE = 1;
export const MAX_PROXIMITY_DISTANCE = 100;

/** Spec 1 §5: "Fewer than the minimum characters cannot be searched" (value not shown). Non-wildcard characters a text-field term needs: */
export const MIN_TERM_CHARS_LATIN = 2;
/** A single CJK character is a real query (碳, 锂). */
export const MIN_TERM_CHARS_CJK = 1;

/**
 * Issue 48: how many of the most similar patents `SEM=(…)` stands for when no `/N` is written, and
 * the most `SEM/N=(…)` may ask. The same value as contracts' MAX_SEMANTIC_RESULTS (the semantic
 * engine ranks at most that many); repeated here because packages/query depends on nothing.
 */
export const DEFAULT_SEMANTIC_TOP = 1_000;
export const MIN_SEMANTIC_TOP = 1;
export const MAX_SEMANTIC_TOP = 1_000;
/** The fewest characters (trimmed) a `SEM=(…)` text needs, as contracts' MIN_SEMANTIC_TEXT_LENGTH. */
export const MIN_SEMANTIC_CLAUSE_CHARS = 2;
