/**
 * Spec 1 §9: "Search expression length 50000". Same value as contracts' MAX_EXPRESSION_LENGTH;
 * repeated here because packages/query depends on nothing.
 */
export const MAX_EXPRESSION_LENGTH = 50_000;

/** Most terms (leaves) in one expression before "adjust logic complexity" (spec 1 §8). A 50000-character batch of publication numbers holds about 3000. */
export const MAX_QUERY_TERMS = 5_000;

/** Deepest nesting of parentheses, field groups and NOT before "remove unneeded parentheses/NOT" (spec 1 §8); also bounds the parser's recursion. */
export const MAX_QUERY_DEPTH = 32;

/** Proximity distance in words: `W/1` is adjacent-in-order, beyond 100 words proximity means little. */
export const MIN_PROXIMITY_DISTANCE = 1;
export const MAX_PROXIMITY_DISTANCE = 100;

/** Spec 1 §5: "Fewer than the minimum characters cannot be searched" (value not shown). Non-wildcard characters a text-field term needs: */
export const MIN_TERM_CHARS_LATIN = 2;
/** A single CJK character is a real query (碳, 锂). */
export const MIN_TERM_CHARS_CJK = 1;
