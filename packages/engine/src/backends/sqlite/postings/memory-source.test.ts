import { describe, expect, it } from 'vitest';
import { memoryPostingSource } from './memory-source.js';
import { readPostings } from './posting-source.js';

describe('memoryPostingSource', () => {
  const source = memoryPostingSource([
    { id: 7, columns: { clm: '电池 池组 组 电池', ti: 'Lithium batteri' } },
    { id: 3, columns: { clm: '电 batteri 电池' } },
  ]);

  it('lists documents ascending with token positions per column', () => {
    expect([...source.docs('clm', '电池')]).toEqual([3, 7]);
    expect(source.docs('ti', '电池')).toHaveLength(0);
    const p = readPostings(source.cursor('clm', '电池'), source.docs('clm', '电池'));
    expect([...p.ids]).toEqual([3, 7]);
    expect([...p.offsets]).toEqual([0, 1, 3]);
    expect([...p.positions]).toEqual([2, 0, 3]);
    // Folded as unicode61 folds it.
    expect([...source.docs('ti', 'lithium')]).toEqual([7]);
  });

  it('merges every token of a prefix', () => {
    expect([...source.prefixDocs('clm', '电')]).toEqual([3, 7]);
    const p = readPostings(source.prefixCursor('clm', '电'), source.prefixDocs('clm', '电'));
    expect([...p.ids]).toEqual([3, 7]);
    expect([...p.offsets]).toEqual([0, 2, 4]);
    expect([...p.positions]).toEqual([0, 2, 0, 3]);
    expect(source.prefixCursor('pa', 'x').seek(3)).toBe(false);
  });
});
