import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

/** A spinning indicator; pass `label` to announce it, otherwise it is decorative. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <>
      <LoaderCircle className={cn('size-5 animate-spin', className)} aria-hidden="true" />
      {label ? <span className="sr-only">{label}</span> : null}
    </>
  );
}
