// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage, stubFetch } from '../../test/render-page';
import { NewSearchPage } from './NewSearchPage';

describe('new search page (/search/searchNew)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('searches the expression over the chosen data on the result page', async () => {
    stubFetch(() => ({ status: 404, body: { status: 0, message: 'no route', data: { code: 'ROUTE_NOT_FOUND' } } }));
    const { router } = renderPage(<NewSearchPage />, '/search/searchNew');
    fireEvent.click(await screen.findByText('中国专利'));
    fireEvent.change(screen.getByRole('textbox', { name: '检索式' }), { target: { value: 'TI=(电池) AND PD>=2020' } });
    expect(screen.getByRole('button', { name: /提取关键词/ })).toBeTruthy();
    const search = screen.getByRole('button', { name: /检\s*索/ });
    await waitFor(() => expect(search.hasAttribute('disabled')).toBe(false));
    fireEvent.click(search);
    await waitFor(() => expect(router.state.location.pathname).toBe('/innovationSpace/searchResult'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('q')).toBe('TI=(电池) AND PD>=2020');
    expect(params.get('source')).toBe('cn');
  });

  it('opens prefilled in English', async () => {
    stubFetch(() => ({ status: 404, body: { status: 0, message: 'no route', data: { code: 'ROUTE_NOT_FOUND' } } }));
    renderPage(<NewSearchPage />, '/search/searchNew?q=TI%3Dbattery&source=uncn', 'en');
    expect(await screen.findByText('New search')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Search expression' }) as HTMLTextAreaElement).value).toBe(
      'TI=battery',
    );
    expect(screen.getByRole('radio', { name: 'Non-Chinese patents' }).closest('label')?.className).toContain('checked');
  });
});
