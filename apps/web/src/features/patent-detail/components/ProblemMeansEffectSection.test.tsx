// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { PatentDetail } from '@patlas/contracts';
import { renderPage, stubFetch } from '../../../test/render-page';
import { ProblemMeansEffectSection } from './ProblemMeansEffectSection';

const patent: PatentDetail = {
  publicationNumber: 'CN115947352B',
  country: 'CN',
  held: {},
  problemMeansEffect: {
    problem: '本申请的目的在于提供一种使用流化床从锂云母中提锂的方法。',
    means: '一种使用流化床从锂云母中提锂的方法，将原料混合后送入流化床中焙烧。',
    effect: '具有操作简单、生产成本低等特点。',
    effectTerms: ['cost', 'convenience'],
  },
};

describe('problem, means and effect on the detail page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the three sentences and the effect terms in Chinese', async () => {
    stubFetch(() => ({ status: 404, body: { status: 0, message: '', data: { code: 'NOT_FOUND' } } }));
    renderPage(<ProblemMeansEffectSection patent={patent} />, '/innovationSpace/searchDetail?pn=CN115947352B');
    expect((await screen.findByTestId('pme-problem')).textContent).toBe(patent.problemMeansEffect?.problem);
    expect(screen.getByTestId('pme-means').textContent).toBe(patent.problemMeansEffect?.means);
    expect(screen.getByTestId('pme-effect').textContent).toBe(patent.problemMeansEffect?.effect);
    expect(screen.getByText('技术问题 / 技术手段 / 功效')).toBeTruthy();
    expect(screen.getByText('降低成本')).toBeTruthy();
    expect(screen.getByText('简便易用')).toBeTruthy();
  });

  it('says what was not found, in English, and shows nothing for a record without any', async () => {
    stubFetch(() => ({ status: 404, body: { status: 0, message: '', data: { code: 'NOT_FOUND' } } }));
    const partial = { ...patent, problemMeansEffect: { means: 'A connector.', effectTerms: [] } };
    renderPage(<ProblemMeansEffectSection patent={partial} />, '/innovationSpace/searchDetail?pn=US1', 'en');
    expect((await screen.findByTestId('pme-means')).textContent).toBe('A connector.');
    expect(screen.getAllByText('Not found')).toHaveLength(2);
    cleanup();
    const { container } = renderPage(
      <ProblemMeansEffectSection patent={{ ...patent, problemMeansEffect: undefined }} />,
      '/innovationSpace/searchDetail?pn=US1',
    );
    expect(container.querySelector('[data-testid="problem-means-effect"]')).toBeNull();
  });
});
