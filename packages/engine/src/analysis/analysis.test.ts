import { describe, expect, it } from 'vitest';
import { extractKeywords, segmentForSearch } from './chinese.js';
import { isStopWord, stemWord } from './english.js';
import { highlightText } from './highlight.js';
import { analyseTerm, findTerm } from './query-terms.js';
import { segmentUnits } from './text-normalise.js';

describe('text units', () => {
  it('one unit per CJK character, one per word, full-width folded, sentences and paragraphs counted', () => {
    const units = segmentUnits('锂电池。ＮＣＭ811 cathode.\n第二段');
    expect(units.map((u) => u.text)).toEqual(['锂', '电', '池', 'ncm811', 'cathode', '第', '二', '段']);
    expect(units.map((u) => u.sentence)).toEqual([0, 0, 0, 1, 1, 2, 2, 2]);
    expect(units.map((u) => u.paragraph)).toEqual([0, 0, 0, 0, 0, 1, 1, 1]);
  });
});

describe('English analyser', () => {
  it('stems Latin words and knows stop words', () => {
    expect(['batteries', 'battery', 'charging', 'charged'].map(stemWord)).toEqual([
      'batteri',
      'batteri',
      'charg',
      'charg',
    ]);
    expect(stemWord('ncm811')).toBe('ncm811');
    expect(isStopWord('the')).toBe(true);
  });
});

describe('Chinese analyser (jieba, ranking signals only)', () => {
  it('segments for search with sub-words and extracts keywords', () => {
    expect(segmentForSearch('一种锂离子电池正极材料')).toEqual(
      expect.arrayContaining(['离子', '锂离子', '电池', '正极']),
    );
    expect(extractKeywords('一种锂离子电池正极材料及其制备方法', 3).map((k) => k.keyword)).toContain('正极');
  });

  it('leaves out the words every patent uses (ordinals, claim wording, the claimed categories)', () => {
    const text =
      '本申请提供一种设备授权方法、装置、设备及介质，该方法包括：在服务器认证通过的情况下，向服务器上报包括Mac地址、第一随机数和加密的第一目标值的第一数据信息。';
    const words = extractKeywords(text, 8).map((k) => k.keyword);
    expect(words).toHaveLength(8);
    expect(words).toEqual(expect.arrayContaining(['服务器', '随机数', '目标值']));
    for (const boilerplate of ['第一', '包括', '情况', '申请', '方法', '介质'])
      expect(words).not.toContain(boilerplate);
  });
});

describe('term matching semantics', () => {
  it.each([
    ['碳', '碳纤维复合材料', true],
    ['电池', '锂电池组', true],
    ['电池', '电，池', false],
    ['电池pack', '电池 pack', true],
    ['电池pack', '电池组pack', false],
    ['battery', 'Lithium batteries', true],
    ['lithium battery', 'battery made of lithium', true],
    ['电*池', '电动汽车用锂池', true],
    ['电?池', '电动池', true],
    ['电?池', '电动车池', false],
  ] as const)('%s in %s → %s', (value, text, expected) => {
    expect(findTerm(analyseTerm(value, false), text) !== undefined).toBe(expected);
  });

  it('highlights with escaped HTML', () => {
    expect(highlightText('锂电池<组> and batteries', [analyseTerm('电池', false), analyseTerm('battery', false)])).toBe(
      '锂<em>电池</em>&lt;组&gt; and <em>batteries</em>',
    );
  });
});
