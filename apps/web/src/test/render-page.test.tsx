// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { appSession } from '../session/session';
import { OTHER_PAGE_TEST_ID, renderPage } from './render-page';

function ProbePage() {
  const { t } = useTranslation('common');
  const { id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate('/elsewhere?from=probe')}>
      {`${t('nav.home')} ${id ?? '-'} ${params.get('q') ?? '-'}`}
    </button>
  );
}

describe('renderPage', () => {
  afterEach(() => cleanup());

  it('mounts the page at its URL with the app providers and a seeded session', async () => {
    renderPage(<ProbePage />, '/probe/p1?q=battery', 'en', { routePath: '/probe/:id' });
    expect(await screen.findByText('Home p1 battery')).toBeTruthy();
    expect(appSession.getSnapshot().session?.token).toBe('test-access-token');
  });

  it('shows the address of any other page the user is sent to, without loading it', async () => {
    const { router } = renderPage(<ProbePage />, '/probe', 'zh', { session: null });
    expect(appSession.getSnapshot().session).toBeUndefined();
    fireEvent.click(await screen.findByRole('button'));
    await waitFor(() => expect(screen.getByTestId(OTHER_PAGE_TEST_ID).textContent).toBe('/elsewhere?from=probe'));
    expect(router.state.location.pathname).toBe('/elsewhere');
  });
});
