import { afterEach, beforeEach } from 'vitest';
import { clearPageProblems, pageProblems } from './browser.js';

/**
 * Setup file of the e2e project: when a test fails, what its pages saw (e2e/browser.ts `watchPage`:
 * script and console errors, failed requests, 5xx answers, navigations) is reported as a second
 * error of the test, beside the wait that timed out.
 */
beforeEach(() => {
  clearPageProblems();
});

afterEach(({ task }) => {
  if (task.result?.state !== 'fail' || pageProblems.length === 0) return;
  throw new Error(`what the test's pages saw:\n${pageProblems.join('\n')}`);
});
