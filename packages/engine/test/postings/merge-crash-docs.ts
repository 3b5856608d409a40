import { FTS_COLUMNS } from '../../src/backends/sqlite/index-schema.js';
import type { PostingDoc } from '../../src/backends/sqlite/postings/segment-writer.js';

const VOCAB = ['电池', '池组', '电极', '极片', 'cell', 'battery', 'anode', '数据', '据处', '处理'];

/** The documents the crash test writes: deterministic, a few hundred, some tokens in many. */
export function crashDocuments(): PostingDoc[] {
  let seed = 44;
  const rand = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const text = (n: number): string =>
    Array.from({ length: n }, () => VOCAB[Math.floor(rand() * VOCAB.length)]).join(' ');
  return Array.from({ length: 400 }, (_, i) => ({
    id: i + 1,
    fts: FTS_COLUMNS.map((c) => (c === 'clm' ? text(30) : c === 'ti' ? text(4) : '')),
  }));
}
