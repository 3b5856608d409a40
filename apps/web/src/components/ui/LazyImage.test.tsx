// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { LAZY_ROOT_MARGIN, LazyImage } from './LazyImage';

/** A stand-in IntersectionObserver the test drives: what it watches and with which margin. */
class FakeObserver {
  static last: FakeObserver | undefined;
  watched: Element[] = [];
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.last = this;
  }
  observe(element: Element) {
    this.watched.push(element);
  }
  disconnect() {
    this.watched = [];
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  /** The watched element comes within the margin. */
  enter() {
    const entries = this.watched.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  FakeObserver.last = undefined;
});

describe('lazy images (spec 1 §9: preload 1.3 screens, 1 retry)', () => {
  it('loads only within 1.3 screens of the viewport', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(<LazyImage src="/api/drawings/a.png" alt="drawing" />);
    const image = screen.getByRole('img', { name: 'drawing' });
    expect(image.getAttribute('src')).toBeNull();
    expect(FakeObserver.last?.options.rootMargin).toBe(LAZY_ROOT_MARGIN);
    expect(LAZY_ROOT_MARGIN).toBe('30% 0px');

    act(() => FakeObserver.last?.enter());
    expect(screen.getByRole('img', { name: 'drawing' }).getAttribute('src')).toBe('/api/drawings/a.png');
  });

  it('retries a failed load once, then reports the failure', () => {
    const onFailed = vi.fn();
    render(<LazyImage src="/api/drawings/b.png" alt="drawing" onFailed={onFailed} />);
    const first = screen.getByRole('img', { name: 'drawing' });
    expect(first.getAttribute('src')).toBe('/api/drawings/b.png');

    fireEvent.error(first);
    const retried = screen.getByRole('img', { name: 'drawing' });
    // A new element: the browser asks for the image again.
    expect(retried).not.toBe(first);
    expect(retried.getAttribute('src')).toBe('/api/drawings/b.png');
    expect(onFailed).not.toHaveBeenCalled();

    fireEvent.error(retried);
    expect(onFailed).toHaveBeenCalledTimes(1);
  });
});
