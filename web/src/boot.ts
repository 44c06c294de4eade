/**
 * The page's entry script: the stylesheet, then the app. A server-rendered page (home, category
 * pages, a listing) arrives with its first screen in the HTML, so the app's code (~140 KB gzip) is
 * only needed to make it interactive: it is fetched once that screen — and its photo, if it has one
 * marked fetchpriority="high" — is on screen, and does not compete with them for a phone's
 * bandwidth. Links are plain <a href> and work before that. Every other route (the SPA shell, an
 * empty #root) loads the app at once.
 */
import './styles.css';

/** The route's own chunks the page handler lists (functions/src/domain/seo/page-head.ts). */
const ROUTE_MODULES_ID = 'first-screen-modules';
/** The longest the app waits for the first screen's paint (a hidden tab paints nothing). */
const MAX_WAIT_MS = 3000;

function firstScreenOnScreen(root: HTMLElement): Promise<unknown> {
  const photo = root.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  const observed = typeof PerformanceObserver === 'function' ? (PerformanceObserver.supportedEntryTypes ?? []) : [];
  const painted = new Promise<void>((resolve) => {
    // Paint entries arrive once the frame is presented; a frame callback only says one is coming.
    if (!observed.includes('paint')) return requestAnimationFrame(() => setTimeout(resolve, 0));
    const po = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      po.disconnect();
      resolve();
    });
    po.observe({ type: 'paint', buffered: true });
  });
  const photoShown = !photo
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        photo.addEventListener('error', () => resolve(), { once: true });
        if (!observed.includes('largest-contentful-paint')) {
          if (photo.complete) return resolve();
          return photo.addEventListener('load', () => resolve(), { once: true });
        }
        const po = new PerformanceObserver((list) => {
          if (!list.getEntries().some((e) => (e as PerformanceEntry & { element?: Element }).element === photo)) return;
          po.disconnect();
          resolve();
        });
        po.observe({ type: 'largest-contentful-paint', buffered: true });
      });
  return Promise.race([Promise.all([painted, photoShown]), new Promise((r) => setTimeout(r, MAX_WAIT_MS))]);
}

function preloadRouteModules() {
  let modules: unknown;
  try {
    modules = JSON.parse(document.getElementById(ROUTE_MODULES_ID)?.textContent ?? '[]');
  } catch {
    return;
  }
  if (!Array.isArray(modules)) return;
  for (const href of modules) {
    if (typeof href !== 'string') continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
}

const root = document.getElementById('root');
const ready = root?.hasChildNodes() ? firstScreenOnScreen(root) : Promise.resolve();
void ready.then(() => {
  preloadRouteModules();
  return import('./main');
});
