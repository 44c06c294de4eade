import { Building2, User } from 'lucide-react';
import { cn } from '@/lib/cn';

const BASE = 'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1';

/** "Trade seller": a dealer (issue 26 §1). */
export function TradeSellerBadge({ className }: { className?: string }) {
  return (
    <span className={cn(BASE, 'bg-blue-50 text-blue-900 ring-blue-900/30', className)}>
      <Building2 className="size-3.5" aria-hidden="true" />
      Trade seller
    </span>
  );
}

/** "Private seller": an individual's listing (issue 26 §1). */
export function PrivateSellerBadge({ className }: { className?: string }) {
  return (
    <span className={cn(BASE, 'bg-muted text-foreground ring-border', className)}>
      <User className="size-3.5" aria-hidden="true" />
      Private seller
    </span>
  );
}
