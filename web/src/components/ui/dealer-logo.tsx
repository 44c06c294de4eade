import { Store } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { Storefront } from '@shared/schemas/storefront';

export function DealerLogo({ storefront: s, className }: { storefront: Pick<Storefront, 'logo' | 'companyName'>; className?: string }) {
  if (s.logo)
    return (
      <img
        src={s.logo.thumbUrl}
        alt={`${s.companyName} logo`}
        width={s.logo.width || 96}
        height={s.logo.height || 96}
        className={cn('shrink-0 rounded-lg border border-border bg-white object-contain p-1', className)}
      />
    );
  return (
    <div className={cn('flex shrink-0 items-center justify-center rounded-lg bg-primary text-white', className)} aria-hidden="true">
      <Store className="size-1/2" />
    </div>
  );
}
