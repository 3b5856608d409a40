import { type ByteSink, ByteSource, varintAt, varintEnd } from './varint.js';

/**
 * Skip data of a long entry (`post_skips`, postings-schema.ts): for every SKIP_EVERY documents of
 * the entry, where that run starts in each of its streams and its largest count. A seek in a list
 * of 800,000 documents ("公司" in applicant names) then jumps to the run holding the document
 * instead of walking every count and position before it, and counts() of a few documents decodes
 * only the runs holding them.
 */
export const SKIP_EVERY = 128;
/** An entry of at least this many documents has skip data; a shorter one is walked as fast. */
export const SKIP_MIN = 4 * SKIP_EVERY;

/**
 * One run's record, SKIP_FIELDS values in a decoded table: the id before the run's first (its
 * gaps start from it; 0 for the first run), the byte offsets of the run's first document in the
 * documents, counts and positions streams, and the largest count in the run.
 */
export const SKIP_FIELDS = 5;
export const Skip = { IdBefore: 0, DocsAt: 1, FreqsAt: 2, PosAt: 3, MaxCount: 4 } as const;

/**
 * The skip data of an entry of `n` documents: its documents (gap-coded), counts and positions
 * (gap-coded per document; `hasPositions` false for a character list, which has none), as
 * varints: the four offsets and the id as differences from the run before, then the largest count.
 */
export function encodeSkips(
  n: number,
  docs: Uint8Array,
  freqs: Uint8Array,
  pos: Uint8Array,
  hasPositions: boolean,
  sink: ByteSink,
): Buffer {
  let d = 0;
  let f = 0;
  let p = 0;
  let id = 0;
  const last = [0, 0, 0, 0];
  for (let start = 0; start < n; start += SKIP_EVERY) {
    const record = [id, d, f, p];
    for (let k = 0; k < 4; k++) sink.push((record[k] as number) - (last[k] as number));
    record.forEach((v, k) => (last[k] = v));
    let max = 0;
    const end = Math.min(n, start + SKIP_EVERY);
    for (let i = start; i < end; i++) {
      id += varintAt(docs, d);
      d = varintEnd;
      const count = varintAt(freqs, f);
      f = varintEnd;
      if (count > max) max = count;
      // A document's positions are `count` varints: passed by their ends (a byte below 0x80).
      if (hasPositions) for (let left = count; left > 0;) left -= ((pos[p++] as number) >> 7) ^ 1;
    }
    sink.push(max);
  }
  return sink.take();
}

/** Skip data as a table of SKIP_FIELDS values per run (Skip), absolute. */
export function decodeSkips(bytes: Uint8Array): Int32Array {
  const src = new ByteSource(bytes);
  const values: number[] = [];
  const last = [0, 0, 0, 0];
  while (!src.done) {
    for (let k = 0; k < 4; k++) values.push((last[k] = (last[k] as number) + src.next()));
    values.push(src.next());
  }
  return Int32Array.from(values);
}

/** The run holding `id` if the entry has it: the last run whose id before is below `id`, from run `from` on. */
export function runOf(skips: Int32Array, from: number, id: number): number {
  const runs = skips.length / SKIP_FIELDS;
  let lo = from;
  let hi = runs;
  // The last run r >= from with skips[r].IdBefore < id (run 0's is 0, below any id but 0's own).
  while (lo + 1 < hi) {
    const mid = (lo + hi) >>> 1;
    if ((skips[mid * SKIP_FIELDS + Skip.IdBefore] as number) < id) lo = mid;
    else hi = mid;
  }
  return lo;
}
