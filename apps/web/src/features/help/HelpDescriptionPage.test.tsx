// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../test/render-app';
import { stubApi } from '../../test/test-api';

describe('help area', { timeout: 90_000 }, () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('opens Description from /innovationSpace/help (spec 1 §2), with links on to the search rules', async () => {
    stubApi(() => undefined);
    const { router } = renderApp('/innovationSpace/help');
    await waitFor(() => expect(router.state.location.pathname).toBe('/innovationSpace/help/Description'));
    const heading = await screen.findByRole('heading', { name: '检索' });
    const article = heading.closest('article')!;
    expect(within(article).getByRole('link', { name: '高级检索' }).getAttribute('href')).toBe('/search/advance');
    fireEvent.click(within(article).getByRole('link', { name: '检索规则' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/innovationSpace/help/Detection'));
  });

  it('is written in English too', async () => {
    stubApi(() => undefined);
    renderApp('/innovationSpace/help', 'en');
    expect(await screen.findByRole('heading', { name: 'Results and details' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Search rules' }).length).toBeGreaterThan(0);
  });
});
