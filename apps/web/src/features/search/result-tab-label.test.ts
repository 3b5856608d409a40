import { describe, expect, it } from 'vitest';
import { resultTabLabel } from './result-tab-label';

/** Issue 43 item 12: result tabs read "检索结果" twice (a library's page, a search within). */
describe('result tab label', () => {
  const of = (query: string) => resultTabLabel(new URLSearchParams(query));

  it('names an expression, and a search within after it', () => {
    expect(of('q=TI%3D电池')).toEqual({ label: 'TI=电池' });
    expect(of('q=TI%3D电池&second=PA%3D比亚迪')).toEqual({ label: 'TI=电池 › PA=比亚迪' });
  });

  it('names a set by its kind when there is no expression', () => {
    expect(of('set=library%3Af1')).toEqual({ labelKey: 'tabs.sets.library' });
    expect(of('set=semantic%3Aabcdefgh&second=TI%3D电池')).toEqual({
      labelKey: 'tabs.sets.semantic',
      label: '› TI=电池',
    });
    expect(of('set=unknown%3Ax')).toEqual({});
  });

  it('tells two result tabs apart', () => {
    const a = of('q=TI%3D电池');
    const b = of('q=TI%3D电池&second=PA%3D比亚迪');
    const c = of('set=library%3Af1');
    expect(new Set([a, b, c].map((x) => `${x.labelKey ?? ''}|${x.label ?? ''}`)).size).toBe(3);
  });
});
