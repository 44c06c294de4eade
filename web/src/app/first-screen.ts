import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router-dom';

/**
 * What a server-rendered page hands the browser beside its HTML: the first screen's query data
 * and the router's loader state, as a JSON data block (not an inline script: the CSP allows none).
 */
export interface FirstScreenData {
  queries: DehydratedState;
  router: HydrationState;
}

export const FIRST_SCREEN_ELEMENT_ID = 'first-screen-data';

export function readFirstScreenData(doc: Document = document): FirstScreenData | null {
  const el = doc.getElementById(FIRST_SCREEN_ELEMENT_ID);
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as FirstScreenData;
  } catch {
    return null;
  }
}
