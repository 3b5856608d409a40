// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { usePrefersReducedMotion } from './reduced-motion';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A media query list for `prefers-reduced-motion` the test can flip, as the system setting would. */
function stubReducedMotion(initially: boolean) {
  let matches = initially;
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    media: query,
    get matches() {
      return query === '(prefers-reduced-motion: reduce)' && matches;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    set(value: boolean) {
      matches = value;
      act(() => listeners.forEach((listener) => listener()));
    },
    listeners,
  };
}

function Probe() {
  return <span data-testid="motion">{usePrefersReducedMotion() ? 'reduced' : 'full'}</span>;
}

describe('prefers-reduced-motion', () => {
  it('reads the system setting and follows it when it changes', () => {
    const system = stubReducedMotion(true);
    const { unmount } = render(<Probe />);
    expect(screen.getByTestId('motion').textContent).toBe('reduced');
    system.set(false);
    expect(screen.getByTestId('motion').textContent).toBe('full');
    system.set(true);
    expect(screen.getByTestId('motion').textContent).toBe('reduced');
    unmount();
    expect(system.listeners.size).toBe(0);
  });

  it('is full motion where the browser cannot tell (no matchMedia)', () => {
    vi.stubGlobal('matchMedia', undefined);
    render(<Probe />);
    expect(screen.getByTestId('motion').textContent).toBe('full');
  });
});
