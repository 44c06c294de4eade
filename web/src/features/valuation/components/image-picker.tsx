import { ImagePlus, X } from 'lucide-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { ACCEPTED_IMAGE_INPUT, LIMITS } from '@shared/constants';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { selectListingImages } from '@/lib/listing-image-rules';
import { VALUATION_IMAGE_LIMITS } from './image-limits';

export interface SelectedImage {
  id: string;
  file: File;
  previewUrl: string;
}

let nextImageId = 1;

/** Chooses up to 10 images with thumbnails; each can be removed. The parent owns the list. */
export function ImagePicker({ images, onChange }: { images: SelectedImage[]; onChange: (images: SelectedImage[]) => void }) {
  const inputId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const latest = useRef(images);
  latest.current = images;

  // Free the preview URLs when the picker goes away.
  useEffect(
    () => () => {
      for (const img of latest.current) URL.revokeObjectURL(img.previewUrl);
    },
    [],
  );

  const add = (files: File[]) => {
    if (files.length === 0) return;
    const { accepted, problem } = selectListingImages(images.length, files, VALUATION_IMAGE_LIMITS);
    if (problem) toast({ ...problem, variant: 'destructive' });
    if (accepted.length === 0) return;
    onChange([...images, ...accepted.map((file) => ({ id: `img-${nextImageId++}`, file, previewUrl: URL.createObjectURL(file) }))]);
  };

  const remove = (id: string) => {
    const img = images.find((i) => i.id === id);
    if (img) URL.revokeObjectURL(img.previewUrl);
    onChange(images.filter((i) => i.id !== id));
  };

  const onDrop = (e: DragEvent<HTMLLabelElement>) => {
    e.preventDefault();
    setDragging(false);
    add(Array.from(e.dataTransfer.files));
  };

  const full = images.length >= LIMITS.maxImagesPerListing;

  return (
    <div>
      <input
        id={inputId}
        type="file"
        accept={ACCEPTED_IMAGE_INPUT}
        multiple
        disabled={full}
        aria-describedby={hintId}
        className="peer sr-only"
        onChange={(e) => {
          add(Array.from(e.target.files ?? []));
          // Let the same file be chosen again after removing it.
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
          'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-border bg-muted/50 px-4 py-8 text-center transition-colors hover:bg-muted peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
          dragging && 'border-primary bg-muted',
          full && 'cursor-not-allowed opacity-60',
        )}
      >
        <ImagePlus aria-hidden="true" className="size-8 text-primary" />
        <span className="font-semibold">{full ? 'Maximum of 10 images reached' : 'Choose images or drag them here'}</span>
        <span id={hintId} className="text-sm text-muted-foreground">
          JPG, PNG or WebP, up to 5MB each, maximum {LIMITS.maxImagesPerListing} images
        </span>
      </label>

      <p className="mt-3 text-sm text-muted-foreground" aria-live="polite">
        {images.length} of {LIMITS.maxImagesPerListing} images selected
      </p>

      {images.length > 0 && (
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-5">
          {images.map((img, i) => (
            <li key={img.id} className="group relative overflow-hidden rounded-md border border-border bg-muted">
              <img src={img.previewUrl} alt={`Preview ${i + 1}: ${img.file.name}`} className="aspect-[4/3] w-full object-cover" />
              <Button
                variant="destructive"
                size="icon"
                className="absolute top-1.5 right-1.5 size-8 shadow"
                onClick={() => remove(img.id)}
                aria-label={`Remove ${img.file.name}`}
              >
                <X aria-hidden="true" />
              </Button>
              <p className="truncate px-2 py-1 text-xs text-muted-foreground">{img.file.name}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
