/**
 * The ALTCHA proof-of-work check (issue 23) on the forms that make us send mail: sign-up, password
 * reset, contact and valuation. Self-hosted: the widget fetches a challenge from our own
 * GET /api/challenge and solves it in a Web Worker; no third party is involved. The widget module
 * (and its worker) load with the form, and it starts solving as soon as it shows, so it is usually
 * done before the person submits; `solve()` waits for it otherwise.
 */
import { createElement, useCallback, useEffect, useRef, useState } from 'react';
import { CHALLENGE_TEXTS } from '@shared/schemas/challenge';

interface AltchaElement extends HTMLElement {
  verify: () => Promise<{ payload: string } | null>;
  reset: () => void;
  getState: () => string;
}

let loaded: Promise<void> | null = null;
/** The widget without its bundled styles and workers (the CSP allows neither inline styles nor blob: workers). */
function loadWidget(): Promise<void> {
  loaded ??= Promise.all([import('altcha/external'), import('altcha/altcha.css'), import('altcha/workers/pbkdf2?worker')]).then(
    ([, , worker]) => {
      const registry = (globalThis as unknown as { $altcha?: { algorithms: Map<string, () => Worker> } }).$altcha;
      registry?.algorithms.set('PBKDF2/SHA-256', () => new worker.default());
    },
  );
  return loaded;
}

/** The error `solve()` throws when the widget could not solve a challenge (offline, say). */
export class ChallengeError extends Error {
  constructor() {
    super(CHALLENGE_TEXTS.required);
    this.name = 'ChallengeError';
  }
}
export const isChallengeError = (err: unknown): err is ChallengeError => err instanceof ChallengeError;

export interface ChallengeHandle {
  /** The solved challenge's payload for the request body (solving first if need be). */
  solve: () => Promise<string>;
  /** A payload is used once: call after each submit, so the next one gets a new challenge. */
  reset: () => void;
}

/** The check's widget and its handle: render `field` inside the form, call `handle.solve()` on submit. */
export function useChallenge(): { field: React.ReactNode; handle: ChallengeHandle } {
  const ref = useRef<AltchaElement | null>(null);
  const payload = useRef<string | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let live = true;
    void loadWidget().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);

  const attach = useCallback((el: AltchaElement | null) => {
    ref.current = el;
    el?.addEventListener('statechange', (e) => {
      const detail = (e as CustomEvent<{ state: string; payload?: string }>).detail;
      payload.current = detail.state === 'verified' && detail.payload ? detail.payload : null;
    });
  }, []);

  const handle: ChallengeHandle = {
    async solve() {
      await loadWidget();
      if (payload.current) return payload.current;
      const result = await ref.current?.verify().catch(() => null);
      if (!result?.payload) throw new ChallengeError();
      return result.payload;
    },
    reset() {
      payload.current = null;
      ref.current?.reset();
      // Start on the next challenge at once, as on load.
      void ref.current?.verify().catch(() => undefined);
    },
  };

  const field = (
    <div className="min-h-[68px]" data-testid="challenge">
      {ready
        ? createElement('altcha-widget', {
            ref: attach,
            challenge: '/api/challenge',
            auto: 'onload',
            name: 'altcha',
          })
        : null}
    </div>
  );
  return { field, handle };
}
