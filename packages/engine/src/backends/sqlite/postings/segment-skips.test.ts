import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../linear-algebra/random.js';
import { decodeSkips, encodeSkips, runOf, Skip, SKIP_EVERY, SKIP_FIELDS } from './segment-skips.js';
import { ByteSink, encodeIds } from './varint.js';

describe('a long entry’s skip data', () => {
  it('records where each run of documents starts in every stream, and its largest count', () => {
    const rand = createRandom(7);
    const n = SKIP_EVERY * 5 + 17;
    const ids: number[] = [];
    const counts: number[] = [];
    const positions: number[][] = [];
    for (let i = 0, id = 0; i < n; i++) {
      ids.push((id += 1 + Math.floor(rand() * (rand() < 0.05 ? 50000 : 30))));
      const count = 1 + Math.floor(rand() * (rand() < 0.05 ? 200 : 4));
      counts.push(count);
      positions.push(Array.from({ length: count }, () => Math.floor(rand() * 400)));
    }
    const sink = new ByteSink();
    const docs = encodeIds(ids, sink);
    // Each stream's byte offset of document i, by encoding the documents before it.
    const offsets = (i: number): [number, number, number] => {
      const d = encodeIds(ids.slice(0, i), new ByteSink()).length;
      const f = new ByteSink();
      const p = new ByteSink();
      for (let k = 0; k < i; k++) {
        f.push(counts[k] as number);
        for (const v of positions[k] as number[]) p.push(v);
      }
      return [d, f.take().length, p.take().length];
    };
    const freqs = new ByteSink();
    const pos = new ByteSink();
    for (let k = 0; k < n; k++) {
      freqs.push(counts[k] as number);
      for (const v of positions[k] as number[]) pos.push(v);
    }
    const skips = decodeSkips(encodeSkips(n, docs, freqs.take(), pos.take(), true, sink));
    expect(skips.length).toBe(Math.ceil(n / SKIP_EVERY) * SKIP_FIELDS);
    for (let run = 0; run * SKIP_EVERY < n; run++) {
      const start = run * SKIP_EVERY;
      const [d, f, p] = offsets(start);
      const record = [...skips.subarray(run * SKIP_FIELDS, (run + 1) * SKIP_FIELDS)];
      expect(record).toEqual([
        start === 0 ? 0 : ids[start - 1],
        d,
        f,
        p,
        Math.max(...counts.slice(start, start + SKIP_EVERY)),
      ]);
      // The run holding each of its documents, from any earlier run.
      expect(runOf(skips, 0, ids[start] as number)).toBe(run);
      expect(runOf(skips, run, ids[Math.min(n, start + SKIP_EVERY) - 1] as number)).toBe(run);
    }
    // A character list (no positions) records 0 for them.
    const charList = decodeSkips(encodeSkips(n, docs, encodeIds(counts, sink), new Uint8Array(0), false, sink));
    for (let run = 0; run * SKIP_EVERY < n; run++) expect(charList[run * SKIP_FIELDS + Skip.PosAt]).toBe(0);
  });
});
