import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/cn';
import type { PromotionPosition } from '@shared/schemas/admin';
import { type PublicPromotion, usePromotionsAt } from './api/get-promotions';

function PromotionBody({ p, className }: { p: PublicPromotion; className?: string }) {
  const inner = (
    <>
      {p.imageUrl && <img src={p.imageUrl} alt="" className="h-12 w-20 shrink-0 rounded object-cover" width={80} height={48} />}
      <span className="min-w-0">
        <span className="block font-semibold">{p.title}</span>
        {p.content && <span className="block text-sm opacity-85">{p.content}</span>}
      </span>
    </>
  );
  const cls = cn('flex items-center gap-3', className);
  // Links are http(s) only (checked by the API); external ones open in a new tab.
  if (p.linkUrl) {
    const external = /^https?:\/\//i.test(p.linkUrl);
    return (
      <a
        href={p.linkUrl}
        className={cn(cls, 'hover:underline')}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer sponsored' } : {})}
      >
        {inner}
      </a>
    );
  }
  return <div className={cls}>{inner}</div>;
}

/**
 * A promotion position. Hero, footer and sidebar show the newest active one in a box of fixed
 * height laid over or beside content that is already there, so arriving late never moves the
 * page (CLS budget); the popup is a fixed overlay shown at most once per visit.
 */
export function PromotionSlot({ position, className }: { position: Exclude<PromotionPosition, 'popup'>; className?: string }) {
  const [first] = usePromotionsAt(position);
  if (!first) return null;
  return (
    <aside aria-label="Promotion" data-testid={`promotion-${position}`} className={className}>
      <PromotionBody p={first} />
    </aside>
  );
}

const POPUP_SEEN_KEY = 'truckyard:popup-seen';

export function PromotionPopup() {
  const [first] = usePromotionsAt('popup');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!first) return;
    if (sessionStorage.getItem(POPUP_SEEN_KEY) === first.id) return;
    sessionStorage.setItem(POPUP_SEEN_KEY, first.id);
    setOpen(true);
  }, [first]);
  if (!first || !open) return null;
  return (
    <div
      role="dialog"
      aria-label="Promotion"
      data-testid="promotion-popup"
      className="fixed right-4 bottom-4 z-40 max-w-sm rounded-lg bg-card p-4 pr-10 shadow-xl ring-1 ring-border"
    >
      <button
        type="button"
        aria-label="Dismiss promotion"
        className="absolute top-2 right-2 p-1 text-muted-foreground"
        onClick={() => setOpen(false)}
      >
        <X className="size-4" />
      </button>
      <PromotionBody p={first} />
    </div>
  );
}
