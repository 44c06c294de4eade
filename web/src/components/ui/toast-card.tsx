import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { cn } from '@/lib/cn';
import { dismissToast, type ToastMessage } from '@/lib/toast';

/** One toast, in the toast area (./toaster.tsx): failures use the destructive style. */
export function ToastCard({ toast }: { toast: ToastMessage }) {
  const destructive = toast.variant === 'destructive';
  const Icon = destructive ? CircleAlert : toast.variant === 'success' ? CircleCheck : Info;
  return (
    <div
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
  );
}
