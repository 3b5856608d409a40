// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { LegalHistoryResponse } from '@patlas/contracts';
import { renderPage, stubFetch } from '../../../test/render-page';
import { PatentDetailPage } from '../PatentDetailPage';
import { US7472552B2 } from '../fixtures/us7472552b2';

const HISTORY: LegalHistoryResponse = {
  applicationNumber: 'US11641700',
  publicationNumbers: ['US20070150800A1', 'US7472552B2'],
  legalStatus: 'expired',
  legalEvents: [
    { date: '2021-01-05', code: 'EXP', description: 'Patent expired for failure to pay maintenance fees' },
    { date: '2009-01-06', code: 'B2', description: 'Grant' },
  ],
};

function serve(answer: 'held' | 'missing') {
  return stubFetch((url) => {
    if (url.pathname === '/api/product/patent/detail')
      return { status: 200, body: { status: 1, message: '', data: US7472552B2 } };
    if (url.pathname === '/api/product/legal/cnki') {
      if (answer === 'held') return { status: 200, body: { status: 1, message: '', data: HISTORY } };
      return {
        status: 404,
        body: {
          status: 0,
          message: 'No legal information for application US11641700: this application is not in the database',
          data: { code: 'LEGAL_APPLICATION_NOT_FOUND' },
        },
      };
    }
    return { status: 404, body: { status: 0, message: 'no route', data: { code: 'ROUTE_NOT_FOUND' } } };
  });
}

describe('CNKI legal status on the legal tab', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the status and events of the whole application from /legal/cnki', async () => {
    const calls = serve('held');
    renderPage(<PatentDetailPage />, '/innovationSpace/searchDetail?pn=US7472552B2&tab=legal');
    const section = await screen.findByTestId('legal-cnki');
    expect(screen.getByText('CNKI 法律状态（同申请）')).toBeTruthy();
    expect(within(section).getByText('含公开：US20070150800A1, US7472552B2')).toBeTruthy();
    expect(within(section).getByText('Grant')).toBeTruthy();
    expect(within(section).getByText('EXP')).toBeTruthy();
    const request = calls.find((c) => c.url.pathname === '/api/product/legal/cnki');
    expect(request?.url.searchParams.get('applicationNumber')).toBe('US11641700');
    expect(request?.method).toBe('GET');
  });

  it('tells in English when the application is not in the database', async () => {
    serve('missing');
    renderPage(<PatentDetailPage />, '/innovationSpace/searchDetail?pn=US7472552B2&tab=legal', 'en');
    expect(await screen.findByText('CNKI legal status (whole application)')).toBeTruthy();
    expect(await screen.findByText(/this application is not in the database/)).toBeTruthy();
  });
});
