import { ChevronLeft, ChevronRight, ImagePlus, Star, X } from 'lucide-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { ACCEPTED_IMAGE_INPUT, LIMITS } from '@shared/constants';
import type { ListingImage } from '@shared/schemas/listing';
import { cn } from '@/lib/cn';
import { moveItem, selectListingImages } from '@/lib/listing-image-rules';
import { toast } from '@/lib/toast';

/** A photo on the sell or edit form: one already stored with the listing, or a file chosen now. */
export type ManagedImage =
  | { id: string; kind: 'stored'; image: ListingImage }
  | { id: string; kind: 'new'; file: File; previewUrl: string };

const IMAGE_LIMITS = { maxImages: LIMITS.maxImagesPerListing, maxBytes: LIMITS.maxImageBytes };
let nextId = 1;

export const storedImages = (images: readonly ListingImage[]): ManagedImage[] =>
  images.map((image) => ({ id: `stored-${nextId++}`, kind: 'stored', image }));

/** Frees the preview URLs of chosen files (call when the form resets). */
export function releasePreviews(images: readonly ManagedImage[]) {
  for (const img of images) if (img.kind === 'new') URL.revokeObjectURL(img.previewUrl);
}

/**
 * Choose up to 10 photos (images only, 5 MB each), see them, remove any, and put them in order
 * with the move buttons; the first is the main image. The parent owns the list.
 */
export function ImageManager({
  images,
  onChange,
  disabled = false,
  label = 'Truck images',
}: {
  images: ManagedImage[];
  onChange: (images: ManagedImage[]) => void;
  disabled?: boolean;
  label?: string;
}) {
  const inputId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const latest = useRef(images);
  latest.current = images;

  // Free the previews when the form goes away.
  useEffect(() => () => releasePreviews(latest.current), []);

  const add = (files: File[]) => {
    if (files.length === 0) return;
    const { accepted, problem } = selectListingImages(images.length, files, IMAGE_LIMITS);
    if (problem) toast({ ...problem, variant: 'destructive' });
    if (accepted.length === 0) return;
    onChange([
      ...images,
      ...accepted.map((file) => ({ id: `new-${nextId++}`, kind: 'new' as const, file, previewUrl: URL.createObjectURL(file) })),
    ]);
  };

  const remove = (index: number) => {
    const img = images[index];
    if (img?.kind === 'new') URL.revokeObjectURL(img.previewUrl);
    onChange(images.filter((_, i) => i !== index));
  };

  const move = (index: number, to: number) => onChange(moveItem(images, index, to));

  const onDrop = (e: DragEvent<HTMLLabelElement>) => {
    e.preventDefault();
    setDragging(false);
    if (!disabled) add(Array.from(e.dataTransfer.files));
  };

  const full = images.length >= LIMITS.maxImagesPerListing;

  return (
    <div className="space-y-4">
      <input
        id={inputId}
        type="file"
        accept={ACCEPTED_IMAGE_INPUT}
        multiple
        className="peer sr-only"
        aria-describedby={hintId}
        disabled={disabled || full}
        onChange={(e) => {
          add(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
      />
      <label
        htmlFor={inputId}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-border bg-muted/40 px-4 py-8 text-center transition-colors hover:border-primary/60 hover:bg-muted',
          'peer-focus-visible:outline-2 peer-focus-visible:outline-ring',
          dragging && 'border-primary bg-primary/5',
          (disabled || full) && 'pointer-events-none opacity-60',
        )}
      >
        <ImagePlus className="size-8 text-muted-foreground" aria-hidden="true" />
        <span className="font-semibold text-foreground">{label}: click to choose or drop photos here</span>
        <span id={hintId} className="text-sm text-muted-foreground">
          Up to {LIMITS.maxImagesPerListing} images, 5MB each. The first image is the main image. ({images.length}/
          {LIMITS.maxImagesPerListing})
        </span>
      </label>

      {images.length ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="Chosen images">
          {images.map((img, index) => {
            const n = index + 1;
            const src = img.kind === 'new' ? img.previewUrl : img.image.thumbUrl || img.image.url;
            const name = img.kind === 'new' ? img.file.name : 'saved with the listing';
            return (
              <li key={img.id} className="group relative overflow-hidden rounded-lg border border-border bg-card">
                <img src={src} alt={`${n}${index === 0 ? ' (main)' : ''}: ${name}`} className="aspect-[4/3] w-full object-cover" />
                {index === 0 ? (
                  <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-accent-foreground shadow">
                    <Star className="size-3" aria-hidden="true" />
                    Main
                  </span>
                ) : null}
                <button
                  type="button"
                  onClick={() => remove(index)}
                  disabled={disabled}
                  className="absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-full bg-black/70 text-white hover:bg-destructive disabled:opacity-50"
                  aria-label={`Remove image ${n}`}
                >
                  <X className="size-4" aria-hidden="true" />
                </button>
                <div className="flex items-center justify-between gap-1 border-t border-border px-1.5 py-1">
                  <button
                    type="button"
                    onClick={() => move(index, index - 1)}
                    disabled={disabled || index === 0}
                    className="inline-flex size-8 items-center justify-center rounded-md hover:bg-muted disabled:opacity-30"
                    aria-label={`Move image ${n} left`}
                  >
                    <ChevronLeft className="size-4" aria-hidden="true" />
                  </button>
                  <span className="truncate text-xs text-muted-foreground">{n}</span>
                  <button
                    type="button"
                    onClick={() => move(index, index + 1)}
                    disabled={disabled || index === images.length - 1}
                    className="inline-flex size-8 items-center justify-center rounded-md hover:bg-muted disabled:opacity-30"
                    aria-label={`Move image ${n} right`}
                  >
                    <ChevronRight className="size-4" aria-hidden="true" />
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
