import { describe, expect, it } from 'vitest';
import type { TranslationLanguage } from '@patlas/contracts';
import { TermTranslator, usableTranslation } from './term-translator.js';

/** A provider whose answers the test releases by hand, recording each word asked. */
function manualProvider() {
  const asked: string[] = [];
  const waiting = new Map<string, { resolve: (text: string) => void; reject: (err: Error) => void }>();
  return {
    asked,
    answer: (term: string, text: string) => waiting.get(term)?.resolve(text),
    fail: (term: string) => waiting.get(term)?.reject(new Error('HTTP 500')),
    provider: {
      translate: (text: string, _target: TranslationLanguage) =>
        new Promise<string>((resolve, reject) => {
          asked.push(text);
          waiting.set(text, { resolve, reject });
        }),
    },
  };
}

describe('TermTranslator (cross-language search, issue 43)', () => {
  it('waits at most its time limit, then remembers the late answer for the next search', async () => {
    const fake = manualProvider();
    const translator = new TermTranslator(fake.provider, 60);
    const first = await translator.translate([{ term: '电池', target: 'en' }]);
    expect(first).toEqual({ translations: [undefined], timedOut: true });
    fake.answer('电池', 'Battery.');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await translator.translate([{ term: '电池', target: 'en' }])).toEqual({
      translations: ['Battery'],
      timedOut: false,
    });
    expect(fake.asked).toEqual(['电池']);
  });

  it('asks again after a failure, and forgets the least recently used word past its size', async () => {
    const fake = manualProvider();
    const translator = new TermTranslator(fake.provider, 5000, { cacheSize: 2 });
    const failing = translator.translate([{ term: 'anode', target: 'zh' }]);
    await new Promise((resolve) => setImmediate(resolve));
    fake.fail('anode');
    expect((await failing).translations).toEqual([undefined]);
    for (const [term, text] of [
      ['anode', '阳极'],
      ['cathode', '阴极'],
      ['separator', '隔膜'],
    ] as const) {
      const pending = translator.translate([{ term, target: 'zh' }]);
      await new Promise((resolve) => setImmediate(resolve));
      fake.answer(term, text);
      await pending;
    }
    expect(fake.asked).toEqual(['anode', 'anode', 'cathode', 'separator']);
    // anode was the oldest of three in a cache of two: asked again; separator is still known.
    const again = translator.translate([
      { term: 'separator', target: 'zh' },
      { term: 'anode', target: 'zh' },
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    fake.answer('anode', '阳极');
    expect((await again).translations).toEqual(['隔膜', '阳极']);
    expect(fake.asked).toEqual(['anode', 'anode', 'cathode', 'separator', 'anode']);
  });

  it('keeps a search word of the answer: quotes and end punctuation off, nothing for an echo or an essay', () => {
    expect(usableTranslation('电池', '“battery”。')).toBe('battery');
    expect(usableTranslation('battery', 'Battery')).toBeUndefined();
    expect(usableTranslation('battery', '  ')).toBeUndefined();
    expect(usableTranslation('电池', 'x'.repeat(81))).toBeUndefined();
    expect(usableTranslation('thermal management', '热 管理\n')).toBe('热 管理');
  });
});
