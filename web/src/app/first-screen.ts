import type { DehydratedState } from '@tanstack/react-query';

/**
 * What a server-rendered page hands the browser beside its HTML: the first screen's query data, as
 * a JSON data block (not an inline script: the CSP allows none).
 */
export interface FirstScreenData {
  queries: DehydratedState;
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
