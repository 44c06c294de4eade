/**
 * Calls `callback` when the browser is next idle (at the latest after `timeoutMs`; where there is
 * no requestIdleCallback, after half that); returns what cancels it.
 */
export function onIdle(callback: () => void, timeoutMs: number): () => void {
  if (window.requestIdleCallback) {
    const idle = window.requestIdleCallback(() => callback(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(idle);
  }
  const timer = window.setTimeout(callback, timeoutMs / 2);
  return () => window.clearTimeout(timer);
}

/**
 * Resolves when the browser is next idle (at the latest after `timeoutMs`), or as soon as `el`
 * comes within 800 px of the viewport, whichever is first: when to fetch the code of a part of a
 * server-rendered page that is on screen already as HTML and not needed to hydrate the first screen.
 */
export function whenIdleOrNear(el: Element, timeoutMs = 3000): Promise<void> {
  return new Promise((resolve) => {
    const observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && done(), { rootMargin: '800px 0px' })
        : null;
    const cancelIdle = onIdle(() => done(), timeoutMs);
    function done() {
      observer?.disconnect();
      cancelIdle();
      resolve();
    }
    observer?.observe(el);
  });
}
