import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setTokenProvider } from '@/lib/api-client';
import { setAuthSnapshot } from '@/lib/auth-store';
import { dismissToast } from '@/lib/toast';

// Each test starts signed out, with no toast, no stubbed network and an empty page.
afterEach(() => {
  cleanup();
  dismissToast();
  setTokenProvider(null);
  setAuthSnapshot({ ready: true, user: null });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
