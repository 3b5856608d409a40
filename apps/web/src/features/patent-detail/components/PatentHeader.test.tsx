// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { PatentDetail } from '@patlas/contracts';
import { renderPage, stubFetch } from '../../../test/render-page';
import { PatentHeader } from './PatentHeader';

/** A USPTO record as the 10k corpus holds it: abstract and CPC, no title, no applicants. */
const uspto: PatentDetail = {
  publicationNumber: 'US10000001B2',
  country: 'US',
  kind: 'B2',
  abstract: {
    lang: 'en',
    text: 'A turbine blade cooling circuit comprises a serpentine passage. The passage has ribs.',
  },
  abstractTitle: 'A turbine blade cooling circuit comprises a serpentine passage',
  classifications: { cpc: ['F01D5/18'] },
  held: {},
};

describe('the detail header in English (issue 43)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('titles a record with no title by its abstract, marked (from abstract)', async () => {
    stubFetch(() => ({ status: 404, body: { status: 0, message: '', data: { code: 'NOT_FOUND' } } }));
    renderPage(<PatentHeader patent={uspto} />, '/innovationSpace/searchDetail?pn=US10000001B2', 'en');
    expect((await screen.findByTestId('abstract-title')).textContent).toBe(
      'A turbine blade cooling circuit comprises a serpentine passage (from abstract)',
    );
    expect(screen.queryByText('(no title)')).toBeNull();
  });

  it('names the source legal status in English', async () => {
    stubFetch(() => ({ status: 404, body: { status: 0, message: '', data: { code: 'NOT_FOUND' } } }));
    const cn: PatentDetail = {
      ...uspto,
      publicationNumber: 'CN110000001A',
      country: 'CN',
      title: { lang: 'zh', text: '一种叶片' },
      legalStatus: '未缴年费',
      currentStatus: { code: 'inactive', basis: 'source', text: '未缴年费' },
    };
    renderPage(<PatentHeader patent={cn} />, '/innovationSpace/searchDetail?pn=CN110000001A', 'en');
    expect((await screen.findByLabelText('Legal status')).textContent).toBe('Unpaid annual fees');
  });
});
