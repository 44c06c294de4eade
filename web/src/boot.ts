/**
 * The page's entry script: the stylesheet, then the app. A server-rendered page (home, category
 * pages, a listing) arrives with its first screen in the HTML, so the app's code (~120 KB gzip) is
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
  // The photo counts once it has loaded and a frame has drawn it.
  const photoShown = new Promise<void>((resolve) => {
    if (!photo || photo.complete) return resolve();
    photo.addEventListener('load', () => resolve(), { once: true });
    photo.addEventListener('error', () => resolve(), { once: true });
  }).then(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  return Promise.race([Promise.all([painted, photoShown]), new Promise((r) => setTimeout(r, MAX_WAIT_MS))]);
}

/**
 * The route's own chunk (the first the page handler lists), fetched in parallel with the app; the
 * module loader fetches the chunks it imports. An import() — or a modulepreload link — for each of
 * the listed chunks held the main thread for 50–80 ms in one task, on a fast machine.
 */
function importRouteModule(): Promise<unknown> | undefined {
  let modules: unknown;
  try {
    modules = JSON.parse(document.getElementById(ROUTE_MODULES_ID)?.textContent ?? '[]');
  } catch {
    return undefined;
  }
  const route = Array.isArray(modules) ? modules[0] : undefined;
  return typeof route === 'string' ? import(/* @vite-ignore */ route).catch(() => undefined) : undefined;
}

/** How long a held tap waits for its button to hydrate. */
const MAX_HOLD_MS = 10_000;

/**
 * Whether React has hydrated this element: it keeps an element's props on it under a
 * `__reactProps$…` key (React 16–19), which is how its event system finds the handlers.
 */
const hydrated = (el: Element) => Object.keys(el).some((k) => k.startsWith('__reactProps$'));

/**
 * A button tapped before its part of the page has hydrated would do nothing (no handler yet): hold
 * such taps and replay each once its button has hydrated. Links need no help: they are plain <a href>.
 */
function holdTapsUntilHydrated(root: HTMLElement) {
  const held: { button: HTMLElement; since: number }[] = [];
  let polling = false;
  const replay = () => {
    for (const h of [...held]) {
      const ready = h.button.isConnected && hydrated(h.button);
      if (!ready && h.button.isConnected && Date.now() - h.since < MAX_HOLD_MS) continue;
      held.splice(held.indexOf(h), 1);
      if (ready) h.button.click();
    }
    polling = held.length > 0;
    if (polling) setTimeout(replay, 50);
  };
  document.addEventListener(
    'click',
    (e) => {
      const button = e.target instanceof Element ? e.target.closest<HTMLElement>('button') : null;
      if (!button || !root.contains(button) || hydrated(button)) return;
      e.preventDefault();
      e.stopPropagation();
      if (!held.some((h) => h.button === button)) held.push({ button, since: Date.now() });
      if (!polling) replay();
    },
    true,
  );
}

const root = document.getElementById('root');
const serverRendered = Boolean(root?.hasChildNodes());
if (root && serverRendered) holdTapsUntilHydrated(root);
void (root && serverRendered ? firstScreenOnScreen(root) : Promise.resolve()).then(() => {
  importRouteModule();
  return import('./main');
});
