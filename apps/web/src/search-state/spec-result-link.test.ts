import { describe, expect, it } from 'vitest';
import { translateSpecResultLink } from './spec-result-link';

function parts(url: string | null) {
  if (url === null) return null;
  const [path, query = ''] = url.split('?');
  return { path, params: Object.fromEntries(new URLSearchParams(query)) };
}

describe('spec 1 §2 result links', () => {
  it('leaves the product’s own links alone', () => {
    expect(translateSpecResultLink('?q=TI%3D%E7%94%B5%E6%B1%A0&page=2')).toBeNull();
    expect(translateSpecResultLink('')).toBeNull();
  });

  it('reads expre, source and sourcetype as the result page of the expression', () => {
    const search = `?${new URLSearchParams({ expre: 'TI=(电池 AND 正极)', source: 'cn', sourcetype: 'quick' })}`;
    expect(translateSpecResultLink(search)).toBe(
      `/innovationSpace/searchResult?${new URLSearchParams({ q: 'TI=(电池 AND 正极)', source: 'cn' }).toString()}`,
    );
    // A database scope the product does not know is dropped, not passed on.
    expect(parts(translateSpecResultLink('?expre=TI%3D1&source=all'))?.params).toEqual({ q: 'TI=1' });
  });

  it('carries redirectQuery and redirectParams, as JSON or as a query string', () => {
    const search = `?${new URLSearchParams({
      expre: 'PA=(华为)',
      redirectQuery: JSON.stringify({ page: 3, sort: 'PD.desc', nested: { no: 1 } }),
      redirectParams: 'view=tuwenshitu&page=2',
    })}`;
    expect(parts(translateSpecResultLink(search))?.params).toEqual({
      q: 'PA=(华为)',
      page: '3',
      sort: 'PD.desc',
      view: 'tuwenshitu',
    });
    // A damaged carried object loses only itself.
    expect(parts(translateSpecResultLink('?expre=TI%3D1&redirectQuery=%7Bbroken'))?.params).toEqual({ q: 'TI=1' });
  });

  it('opens the analysis chart or the detail page that pageType names', () => {
    expect(parts(translateSpecResultLink('?expre=TI%3D1&pageType=searchAnalysis&jumpAnalysisName=applicant'))).toEqual({
      path: '/innovationSpace/searchResult/analysis',
      params: { q: 'TI=1', chart: 'applicant' },
    });
    const detail = `?${new URLSearchParams({ expre: 'TI=1', pageType: 'searchDetail', redirectQuery: '{"pn":"CN215644798U","detailTab":"legal"}' })}`;
    expect(parts(translateSpecResultLink(detail))).toEqual({
      path: '/innovationSpace/searchDetail',
      params: { pn: 'CN215644798U', tab: 'legal' },
    });
  });
});
