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
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(() => done(), { timeout: timeoutMs })
      : window.setTimeout(() => done(), timeoutMs / 2);
    function done() {
      observer?.disconnect();
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      resolve();
    }
    observer?.observe(el);
  });
}
