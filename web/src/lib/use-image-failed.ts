import { useCallback, useState } from 'react';

/**
 * Whether an <img> failed to load, so the caller shows the placeholder instead of a broken image.
 * `onError` catches a failure after hydration; the ref catches one that happened before it (a
 * server-rendered image whose error event fired before React attached its handler): a finished
 * image with no width never loaded. `reset` is for an image whose source changes.
 */
export function useImageFailed(): {
  failed: boolean;
  imgProps: { ref: (img: HTMLImageElement | null) => void; onError: () => void };
} {
  const [failed, setFailed] = useState(false);
  const ref = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth === 0 && img.currentSrc !== '') setFailed(true);
  }, []);
  return { failed, imgProps: { ref, onError: () => setFailed(true) } };
}
