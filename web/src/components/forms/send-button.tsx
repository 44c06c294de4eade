import { Loader2, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** A form's submit button with the send icon, a spinner and `busyText` while it submits. */
export function SendButton({
  busy,
  busyText,
  className,
  children,
}: {
  busy: boolean;
  busyText: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" variant="accent" size="lg" disabled={busy} className={className}>
      {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Send aria-hidden="true" />}
      {busy ? busyText : children}
    </Button>
  );
}
