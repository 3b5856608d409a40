/**
 * Term proximity of a short query in a patent's title and abstract (issue 49 item 2): the
 * re-ranker of a short text's fused ranking. Reciprocal rank fusion orders by ranks alone, so a
 * patent the vectors rank first can sit above one holding the keyphrase in its title; proximity
 * reads the text and says which patents hold the query as written, or most of it close together.
 */

/** Han characters and Latin words (letters and digits), in order: the units proximity counts. */
export function proximityUnits(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/\p{Script=Han}|[\p{Script=Latin}0-9]+/gu) ?? []
  );
}

/**
 * Proximity of a query in one field, 0–1: 1 when the field holds the query's units as written,
 * else half the largest share of the query's distinct units found together within a window of
 * twice the query's length (睡眠 for 睡觉 shares 睡; 机械 for 机械化 two units of three).
 */
export function fieldProximity(query: readonly string[], field: readonly string[]): number {
  if (query.length === 0 || field.length === 0) return 0;
  outer: for (let i = 0; i + query.length <= field.length; i++) {
    for (let j = 0; j < query.length; j++) if (field[i + j] !== query[j]) continue outer;
    return 1;
  }
  const wanted = new Set(query);
  const width = 2 * query.length;
  let best = 0;
  for (let i = 0; i < field.length && best < wanted.size; i++) {
    if (!wanted.has(field[i] as string)) continue;
    const seen = new Set<string>();
    for (let j = i; j < Math.min(field.length, i + width); j++) {
      if (wanted.has(field[j] as string)) seen.add(field[j] as string);
    }
    best = Math.max(best, seen.size);
  }
  return (0.5 * best) / wanted.size;
}

/** Proximity over title (counted twice: a keyphrase in the title says most) and abstract, 0–1. */
export function textProximity(query: readonly string[], title?: string, abstract?: string): number {
  const f = (t?: string) => (t ? fieldProximity(query, proximityUnits(t)) : 0);
  return (2 * f(title) + f(abstract)) / 3;
}
