import { Link2, Mail, MessageCircle, Share2 } from 'lucide-react';
import { useId, useState } from 'react';
import { paths } from '@/app/paths';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import type { Listing } from '@shared/schemas/listing';
import { emailHref, shareTextOf, whatsappHref } from './share-links';

const ITEM = 'flex w-full items-center gap-2 rounded px-3 py-2 text-left text-sm font-medium hover:bg-muted focus-visible:bg-muted';

/**
 * "Share" on the listing page (issue 26 §4): the system share sheet where the browser has one
 * (navigator.share); otherwise WhatsApp, e-mail and "Copy link". The listing's preview comes from
 * its server-rendered page (title, price, first photo), whatever the channel.
 */
export function ShareButton({ listing, className }: { listing: Listing; className?: string }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const url = () => new URL(paths.truck(listing.id), window.location.origin).toString();
  const text = shareTextOf(listing);

  const onShare = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: listing.title, text, url: url() });
        return;
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') return; // the user closed the sheet
      }
    }
    setOpen((o) => !o);
  };

  const copy = async () => {
    setOpen(false);
    try {
      await navigator.clipboard.writeText(url());
      toast({ title: 'Link copied', variant: 'success' });
    } catch {
      toast({ title: 'Could not copy the link', description: url(), variant: 'destructive' });
    }
  };

  return (
    <div className={cn('relative inline-block', className)}>
      <button
        type="button"
        onClick={onShare}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        className={buttonVariants({ variant: 'outline' })}
        data-testid="share-button"
      >
        <Share2 aria-hidden="true" />
        Share
      </button>
      {open ? (
        <div id={menuId} className="absolute right-0 z-30 mt-1 w-52 rounded-md border border-border bg-card p-1 shadow-lg">
          <a className={ITEM} href={whatsappHref(text, url())} target="_blank" rel="noopener noreferrer" onClick={() => setOpen(false)}>
            <MessageCircle className="size-4" aria-hidden="true" />
            WhatsApp<span className="sr-only"> (opens in a new tab)</span>
          </a>
          <a className={ITEM} href={emailHref(listing.title, text, url())} onClick={() => setOpen(false)}>
            <Mail className="size-4" aria-hidden="true" />
            E-mail
          </a>
          <button type="button" className={ITEM} onClick={copy}>
            <Link2 className="size-4" aria-hidden="true" />
            Copy link
          </button>
        </div>
      ) : null}
    </div>
  );
}
