import { lazy, Suspense, useEffect } from 'react';
import { useCurrentToast } from '@/lib/toast';
import { onIdle } from '@/lib/when-idle-or-near';
import { OptionalPart } from './optional-part';

const loadToastCard = () => import('./toast-card');
const ToastCard = lazy(() => loadToastCard().then((m) => ({ default: m.ToastCard })));

/**
 * The toast area (spec §1: available everywhere). The live regions stay mounted so screen readers
 * announce each new toast; failures go in the assertive region. The toast's own code
 * (./toast-card.tsx) is fetched once the browser is idle after the first render, or by the first
 * toast if that comes sooner: a toast shown before then appears as soon as it has loaded.
 */
export function Toaster() {
  const toast = useCurrentToast();
  useEffect(() => onIdle(() => void loadToastCard().catch(() => undefined), 5000), []);
  const destructive = toast?.variant === 'destructive';
  const card = toast ? (
    <OptionalPart key={toast.id}>
      <Suspense fallback={null}>
        <ToastCard toast={toast} />
      </Suspense>
    </OptionalPart>
  ) : null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col items-center p-4 sm:items-end sm:p-6">
      <div className="w-full max-w-sm">
        <div role="status" aria-live="polite" aria-atomic="true">
          {destructive ? null : card}
        </div>
        <div role="alert" aria-live="assertive" aria-atomic="true">
          {destructive ? card : null}
        </div>
      </div>
    </div>
  );
}
