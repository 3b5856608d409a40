// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app/providers';
import { createI18n } from '../../i18n/setup';
import { installDomShims } from '../../test/render-app';
import { BACK_TOP_VISIBILITY_PX, BackToTop } from './BackToTop';

afterEach(cleanup);

function scrollWindowTo(y: number) {
  act(() => {
    document.documentElement.scrollTop = y;
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    Object.defineProperty(window, 'pageYOffset', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('back to top (spec: after 200 px, 300 ms)', () => {
  it('appears past 200 px of scroll, not before, and scrolls back to the top', async () => {
    installDomShims();
    render(
      <AppProviders i18n={createI18n('en')} queryClient={createQueryClient()}>
        <BackToTop />
      </AppProviders>,
    );
    scrollWindowTo(BACK_TOP_VISIBILITY_PX - 50);
    // Give the scroll handler its frame: still hidden.
    await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
    expect(screen.queryByTestId('back-to-top')).toBeNull();

    scrollWindowTo(BACK_TOP_VISIBILITY_PX + 50);
    const button = await screen.findByTestId('back-to-top', undefined, { timeout: 5000 });
    fireEvent.click(button);
    await waitFor(() => expect(document.documentElement.scrollTop).toBe(0), { timeout: 5000 });
  });
});
