import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const STORAGE_KEY = 'truckyard.scroll';

function readSaved(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/** How long a restored position is held while the page is still growing. */
const RESTORE_WAIT_MS = 3000;

/**
 * Scrolls to `y`, and holds it there while the page grows for RESTORE_WAIT_MS (a list adds its
 * cards a few at a time, answers arrive), until the visitor scrolls themselves. Each time the page
 * changes size it scrolls to `y` again: while the page is too short to get there, and after, when
 * the browser's scroll anchoring would move the view to keep a node below the new cards (the
 * pagination, the footer) where it was. Returns the cleanup (a new navigation stops it).
 */
function scrollToAsPageGrows(y: number): (() => void) | undefined {
  window.scrollTo(0, y);
  if (typeof ResizeObserver === 'undefined') return undefined;
  const visitorEvents = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  const observer = new ResizeObserver(() => {
    if (Math.abs(window.scrollY - y) >= 1) window.scrollTo(0, y);
  });
  const timer = setTimeout(stop, RESTORE_WAIT_MS);
  function stop() {
    clearTimeout(timer);
    observer.disconnect();
    for (const e of visitorEvents) window.removeEventListener(e, stop);
  }
  observer.observe(document.body);
  for (const e of visitorEvents) window.addEventListener(e, stop, { passive: true });
  return stop;
}

/**
 * Where the window scrolls on a navigation: back and forward return to where the visitor was on
 * that entry (each history entry's position is recorded as it scrolls, and kept across a reload in
 * sessionStorage), following the page as it grows until it is tall enough; a new page starts at
 * the top, or at its #hash; a change of the query string alone (filters, result pages — the browse
 * section scrolls its own results into view) leaves the scroll where it is.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Record<string, number> | null>(null);
  const current = useRef<{ key: string; pathname: string } | null>(null);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    let pending = false;
    const record = () => {
      pending = false;
      if (current.current && positions.current) positions.current[current.current.key] = window.scrollY;
    };
    const onScroll = () => {
      if (pending) return;
      pending = true;
      requestAnimationFrame(record);
    };
    const persist = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current ?? {}));
      } catch {
        // Storage full or disabled: positions are kept for this page load only.
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', persist);
    };
  }, []);

  useLayoutEffect(() => {
    positions.current ??= readSaved();
    const before = current.current;
    current.current = { key: location.key, pathname: location.pathname };
    const saved = positions.current[location.key];
    // The first render (a reload returns to where this entry was), or back/forward.
    if (!before || navigationType === 'POP') {
      if (saved !== undefined || before) return scrollToAsPageGrows(saved ?? 0);
      return;
    }
    if (location.hash) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
      return;
    }
    if (before.pathname !== location.pathname) window.scrollTo(0, 0);
  }, [location.key, location.pathname, location.hash, navigationType]);

  return null;
}
