import { ChevronLeft, ChevronRight, Truck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import type { ListingImage } from '@shared/schemas/listing';
import { wrapIndex } from '../lib/wrap-index';

const MAIN_SIZES = '(min-width: 1024px) 760px, 100vw';

/**
 * The listing photos: main image, previous/next (wrapping round), thumbnails, counter, arrow keys.
 * A photo that fails to load leaves the gallery (with none left, the placeholder shows): never a
 * broken image.
 */
export function ImageGallery({ images: all, title }: { images: ListingImage[]; title: string }) {
  const [index, setIndex] = useState(0);
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const swipeStart = useRef<number | null>(null);
  const images = all.filter((i) => !failed.has(i.url));
  const count = images.length;
  const fail = (url: string) => setFailed((f) => new Set(f).add(url));
  // An error before hydration (server-rendered image) fired before onError existed: a finished image with no width never loaded.
  const checkLoaded = (url: string) => (img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth === 0 && img.currentSrc !== '') fail(url);
  };

  if (count === 0) {
    return (
      <div
        data-testid="photo-placeholder"
        className="flex aspect-[4/3] flex-col items-center justify-center gap-3 rounded-lg border border-border bg-gradient-to-br from-muted to-border/60 text-muted-foreground"
      >
        <Truck className="size-16 opacity-60" strokeWidth={1.25} aria-hidden="true" />
        <p className="text-sm font-medium">No photos for this truck yet</p>
      </div>
    );
  }

  const current = images[wrapIndex(index, count)];
  const position = wrapIndex(index, count) + 1;
  const go = (delta: number) => setIndex((i) => wrapIndex(i + delta, count));

  return (
    <section aria-roledescription="carousel" aria-label={`Photos of ${title}`} className="space-y-3">
      <GalleryKeys onPrevious={() => go(-1)} onNext={() => go(1)} enabled={count > 1} />
      <div
        className="relative aspect-[4/3] touch-pan-y overflow-hidden rounded-lg bg-slate-900"
        onTouchStart={(e) => {
          swipeStart.current = e.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(e) => {
          const start = swipeStart.current;
          swipeStart.current = null;
          const end = e.changedTouches[0]?.clientX;
          if (start == null || end == null || count < 2) return;
          if (Math.abs(end - start) > 40) go(end < start ? 1 : -1);
        }}
      >
        <img
          key={current.url}
          ref={checkLoaded(current.url)}
          onError={() => fail(current.url)}
          src={current.url}
          srcSet={current.srcSet || undefined}
          sizes={MAIN_SIZES}
          width={current.width || 800}
          height={current.height || 600}
          alt={`${title} (${position} of ${count})`}
          fetchPriority={index === 0 ? 'high' : 'auto'}
          className="size-full object-contain"
        />
        {count > 1 ? (
          <>
            <button
              type="button"
              onClick={() => go(-1)}
              className="absolute top-1/2 left-3 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-primary shadow-md hover:bg-white"
              aria-label="Previous photo"
            >
              <ChevronLeft className="size-6" aria-hidden="true" />
            </button>
            <button
              type="button"
              onClick={() => go(1)}
              className="absolute top-1/2 right-3 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-primary shadow-md hover:bg-white"
              aria-label="Next photo"
            >
              <ChevronRight className="size-6" aria-hidden="true" />
            </button>
          </>
        ) : null}
        <span
          className="absolute right-3 bottom-3 rounded-full bg-black/70 px-3 py-1 text-sm font-semibold text-white tabular-nums"
          aria-hidden="true"
        >
          {wrapIndex(index, count) + 1} / {count}
        </span>
      </div>
      {count > 1 ? (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Choose a photo">
          {images.map((img, i) => (
            <li key={img.key || img.url} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Show photo ${i + 1}`}
                aria-current={i === wrapIndex(index, count) ? 'true' : undefined}
                className={cn(
                  'block h-16 w-20 overflow-hidden rounded-md border-2 sm:h-20 sm:w-28',
                  i === wrapIndex(index, count) ? 'border-accent' : 'border-transparent opacity-75 hover:opacity-100',
                )}
              >
                <img
                  onError={() => fail(img.url)}
                  src={img.thumbUrl || img.url}
                  alt=""
                  width={112}
                  height={80}
                  loading="lazy"
                  decoding="async"
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** Left and right arrow keys change photo, unless the reader is typing in a field. */
function GalleryKeys({ onPrevious, onNext, enabled }: { onPrevious: () => void; onNext: () => void; enabled: boolean }) {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      if (e.key === 'ArrowLeft') onPrevious();
      else if (e.key === 'ArrowRight') onNext();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onPrevious, onNext, enabled]);
  return null;
}
