import { useEffect, useState, type ImgHTMLAttributes } from 'react';

/** Spec 1 §9: "Image lazy-load preload 1.3, 1 retry": images load within 1.3 screens. */
export const LAZY_PRELOAD_SCREENS = 1.3;
export const LAZY_IMAGE_RETRIES = 1;

/** The observer margin that makes "near" mean within 1.3 screens (30 % beyond the viewport, both ways). */
export const LAZY_ROOT_MARGIN = `${Math.round((LAZY_PRELOAD_SCREENS - 1) * 100)}% 0px`;

export interface LazyImageState<E extends Element> {
  /** Goes on the image or its wrapper (a callback ref): what is watched. */
  ref: (element: E | null) => void;
  /** The address once the image is near (undefined before). */
  src: string | undefined;
  /** Changes on the retry: the image's `key`, so the browser asks again. */
  attempt: number;
  /** Whether the load failed after its retry. */
  hasFailed: boolean;
  onError: () => void;
}

/**
 * Loads an image once it comes within 1.3 screens of the viewport, retries a failed load once, then
 * reports the failure. Without IntersectionObserver (old browsers, jsdom) the image loads at once.
 */
export function useLazyImage<E extends Element>(src: string | undefined): LazyImageState<E> {
  const [element, setElement] = useState<E | null>(null);
  const [isNear, setIsNear] = useState(() => typeof IntersectionObserver === 'undefined');
  // Failed loads of the current address (another address starts again).
  const [failures, setFailures] = useState<{ src: string | undefined; count: number }>({ src, count: 0 });
  const failed = failures.src === src ? failures.count : 0;

  useEffect(() => {
    if (isNear || !element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setIsNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: LAZY_ROOT_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear, element]);

  return {
    ref: setElement,
    src: isNear ? src : undefined,
    attempt: Math.min(failed, LAZY_IMAGE_RETRIES),
    hasFailed: failed > LAZY_IMAGE_RETRIES,
    onError: () => setFailures({ src, count: failed + 1 }),
  };
}

export interface LazyImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> {
  src: string | undefined;
  /** Called when the load failed after its retry (a placeholder can take its place). */
  onFailed?: () => void;
}

/** An `<img>` that loads near the viewport and retries once (every product image is this one). */
export function LazyImage({ src, onFailed, alt, ...rest }: LazyImageProps) {
  const { ref, src: shown, attempt, hasFailed, onError } = useLazyImage<HTMLImageElement>(src);
  useEffect(() => {
    if (hasFailed) onFailed?.();
  }, [hasFailed, onFailed]);
  return (
    <img
      key={attempt}
      ref={ref}
      {...rest}
      alt={alt}
      data-lazy={shown ? 'loaded' : 'waiting'}
      {...(shown ? { src: shown } : {})}
      onError={onError}
    />
  );
}
