import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { cn } from '@/lib/cn';
import { dismissToast, useCurrentToast } from '@/lib/toast';

/**
 * The toast area (spec §1: available everywhere). The live regions stay mounted so screen readers
 * announce each new toast; failures use the destructive style and an assertive region.
 */
export function Toaster() {
  const toast = useCurrentToast();
  const destructive = toast?.variant === 'destructive';
  const Icon = destructive ? CircleAlert : toast?.variant === 'success' ? CircleCheck : Info;
  const card = toast ? (
    <div
      key={toast.id}
      className={cn(
        'toast-in pointer-events-auto flex w-full items-start gap-3 rounded-lg border p-4 shadow-lg',
        destructive
          ? 'border-destructive bg-destructive text-destructive-foreground'
          : toast.variant === 'success'
            ? 'border-success/30 bg-card text-foreground'
            : 'border-border bg-card text-foreground',
      )}
    >
      <Icon className={cn('mt-0.5 size-5 shrink-0', toast.variant === 'success' && 'text-success')} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? (
          <p className={cn('mt-0.5 text-sm', destructive ? 'text-white/90' : 'text-muted-foreground')}>{toast.description}</p>
        ) : null}
      </div>
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        className="-m-1 rounded p-1 opacity-80 hover:opacity-100"
        aria-label="Dismiss notification"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
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
