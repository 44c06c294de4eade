import { BadgeCheck } from 'lucide-react';
import { cn } from '@/lib/cn';
import { APPROVED_DEALER_LABEL } from '@shared/dealer-labels';

/** The "Approved dealer" badge (issue 23): staff checked the business. Not the spec's 'Verified Listing', which means something else. */
export function ApprovedDealerBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-green-50 px-2.5 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-green-800/30',
        className,
      )}
    >
      <BadgeCheck className="size-3.5" aria-hidden="true" />
      {APPROVED_DEALER_LABEL}
    </span>
  );
}
