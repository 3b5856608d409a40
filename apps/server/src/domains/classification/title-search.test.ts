import { describe, expect, it } from 'vitest';
import {
  chineseText,
  englishWords,
  matchTier,
  queryReadings,
  withoutReferences,
  type SearchableNode,
} from './title-search.js';

describe('scheme titles without references', () => {
  it('drops parentheses that name other places and keeps the others', () => {
    expect(withoutReferences('Hand tools (edge trimmers for lawns A01G 3/06)').trim()).toBe('Hand tools');
    expect(withoutReferences('Vectors (e.g. plasmids) or hosts')).toBe('Vectors (e.g. plasmids) or hosts');
    expect(withoutReferences('Soil working (machines for harvesting root crops A01D; for engineering E01, E02)')).toBe(
      'Soil working  ',
    );
    // Nested: the inner example is kept, the outer reference goes as a whole.
    expect(withoutReferences('Harvesting (mowers (e.g. rotary) A01D 34/00) or not').replace(/\s+/g, ' ')).toBe(
      'Harvesting or not',
    );
    expect(chineseText('手动工具（草坪修整机入A01G3/06）')).toBe('手动工具 ');
    expect(chineseText('载体（如质粒）')).toBe('载体（如质粒）');
  });
});

describe('English title words', () => {
  it('are lower-cased Porter stems, so battery and batteries are one word', () => {
    const words = englishWords('PROCESSES OR MEANS, e.g. BATTERIES, FOR THE DIRECT CONVERSION');
    expect(words).toContain(' batteri ');
    expect(words).toContain(' convers ');
    expect(englishWords('Hand tools (edge trimmers for lawns A01G 3/06)')).not.toContain(' lawn ');
  });
});

describe('query readings', () => {
  const titles = ['锂蓄电池', '燃料电池', '电池组的充电', '散热装置'];
  const occurs = (text: string) => titles.some((t) => t.includes(text));

  it('stems Latin words and drops stop words unless nothing else is left', () => {
    expect(queryReadings('the Batteries of cars', occurs)).toEqual([{ latin: ['batteri', 'car'], chinese: [] }]);
    expect(queryReadings('of', occurs)).toEqual([{ latin: ['of'], chinese: [] }]);
    expect(queryReadings('  ', occurs)).toEqual([]);
  });

  it('reads Chinese as typed first, then as words titles hold', () => {
    expect(queryReadings('电池', occurs)).toEqual([{ latin: [], chinese: ['电池'] }]);
    // 锂电池 is one jieba word that no title holds: its longest held pieces are 锂 and 电池.
    expect(queryReadings('锂电池', occurs)).toEqual([
      { latin: [], chinese: ['锂电池'] },
      { latin: [], chinese: ['锂', '电池'] },
    ]);
    expect(queryReadings('燃料电池 charging', occurs)).toEqual([{ latin: ['charg'], chinese: ['燃料电池'] }]);
  });
});

describe('match tiers', () => {
  // 0 H01M batteries › 1 H01M10 secondary cells › 2 H01M10/052 lithium accumulators; 3 F41A gun mounts.
  const node = (parent: number, en: string, zh = ''): SearchableNode => ({
    parent,
    en: englishWords(en),
    zh: chineseText(zh),
  });
  const nodes = [
    node(-1, 'Processes or means, e.g. batteries', '用于直接转变化学能为电能的方法或装置，例如电池组'),
    node(0, 'Secondary cells', '二次电池'),
    node(1, 'Lithium accumulators', '锂蓄电池'),
    node(-1, 'Gun mountings (batteries H01M)', '枪的固定'),
  ];
  const tiers = (keyword: string) => {
    const [query] = queryReadings(keyword, () => true);
    return nodes.map((_, i) => matchTier(nodes, i, query!));
  };

  it('own title first, then words found in the ancestors, never through references', () => {
    expect(tiers('battery')).toEqual([0, undefined, undefined, undefined]);
    expect(tiers('lithium battery')).toEqual([undefined, undefined, 1, undefined]);
    expect(tiers('secondary cells')).toEqual([undefined, 0, undefined, undefined]);
    expect(tiers('电池')).toEqual([0, 0, 0, undefined]);
    expect(tiers('锂 电池组')).toEqual([undefined, undefined, 1, undefined]);
  });
});
