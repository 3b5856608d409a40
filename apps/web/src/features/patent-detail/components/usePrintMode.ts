import { useCallback, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

const printMedia = () => (typeof window.matchMedia === 'function' ? window.matchMedia('print') : undefined);

/**
 * Whether the page is being printed, and a print action. The print layout is rendered only then:
 * the Print button and the browser's own print (beforeprint) render it synchronously before the
 * browser lays the page out for paper; print emulation (media query) switches it too.
 */
export function usePrintMode(): { isPrinting: boolean; print: () => Promise<void> } {
  const [isPrinting, setPrinting] = useState(() => printMedia()?.matches ?? false);
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    const media = printMedia();
    const change = (event: MediaQueryListEvent) => setPrinting(event.matches);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    media?.addEventListener('change', change);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
      media?.removeEventListener('change', change);
    };
  }, []);
  const print = useCallback(async () => {
    flushSync(() => setPrinting(true));
    // Drawings go on paper only once loaded.
    const images = [...document.querySelectorAll<HTMLImageElement>('.patent-print img')];
    await Promise.all(
      images.map((img) => (typeof img.decode === 'function' ? img.decode().catch(() => undefined) : undefined)),
    );
    window.print();
  }, []);
  return { isPrinting, print };
}
