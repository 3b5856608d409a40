import { useEffect, useRef, useState, type ImgHTMLAttributes, type RefObject } from 'react';

/** Spec 1 §9: "Image lazy-load preload 1.3, 1 retry": images load within 1.3 screens. */
export const LAZY_PRELOAD_SCREENS = 1.3;
export const LAZY_IMAGE_RETRIES = 1;

/** The observer margin that makes "near" mean within 1.3 screens (30 % beyond the viewport, both ways). */
export const LAZY_ROOT_MARGIN = `${Math.round((LAZY_PRELOAD_SCREENS - 1) * 100)}% 0px`;

export interface LazyImageState<E extends Element> {
  /** Goes on the image or its wrapper: what is watched. */
  ref: RefObject<E | null>;
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
  const ref = useRef<E>(null);
  const [isNear, setIsNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const [attempt, setAttempt] = useState(0);
  const [hasFailed, setHasFailed] = useState(false);

  useEffect(() => {
    setAttempt(0);
    setHasFailed(false);
  }, [src]);

  useEffect(() => {
    const element = ref.current;
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
  }, [isNear]);

  return {
    ref,
    src: isNear ? src : undefined,
    attempt,
    hasFailed,
    onError: () => {
      if (attempt < LAZY_IMAGE_RETRIES) setAttempt(attempt + 1);
      else setHasFailed(true);
    },
  };
}

export interface LazyImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> {
  src: string | undefined;
  /** Called when the load failed after its retry (a placeholder can take its place). */
  onFailed?: () => void;
}

/** An `<img>` that loads near the viewport and retries once (every product image is this one). */
export function LazyImage({ src, onFailed, alt, ...rest }: LazyImageProps) {
  const image = useLazyImage<HTMLImageElement>(src);
  useEffect(() => {
    if (image.hasFailed) onFailed?.();
  }, [image.hasFailed, onFailed]);
  return (
    <img
      key={image.attempt}
      ref={image.ref}
      {...rest}
      alt={alt}
      data-lazy={image.src ? 'loaded' : 'waiting'}
      {...(image.src ? { src: image.src } : {})}
      onError={image.onError}
    />
  );
}
