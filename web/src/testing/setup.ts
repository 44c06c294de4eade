import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setTokenProvider } from '@/lib/api-client';
import { setAuthSnapshot } from '@/lib/auth-store';
import { dismissToast } from '@/lib/toast';

// Each test starts signed out, with no toast, no stubbed network, empty storage and an empty page
// (the web project shares one jsdom between the files a worker runs: vitest.config.ts).
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  dismissToast();
  setTokenProvider(null);
  setAuthSnapshot({ ready: true, user: null });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
