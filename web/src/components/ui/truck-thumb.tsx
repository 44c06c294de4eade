import { Truck } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useImageFailed } from '@/lib/use-image-failed';

/**
 * A truck's small photo in strips, trays and lists, or the truck placeholder when it has none or
 * the photo does not load: never a broken image. `className` sizes the box; the photo fills it.
 */
export function TruckThumb({
  src,
  width,
  height,
  lazy = false,
  priority = false,
  iconClassName = 'size-8',
  className,
}: {
  src: string | null | undefined;
  width?: number;
  height?: number;
  lazy?: boolean;
  /** The page's largest paint (the first column on /compare): fetched before other images. */
  priority?: boolean;
  iconClassName?: string;
  className?: string;
}) {
  const { failed, imgProps } = useImageFailed();
  if (!src || failed)
    return (
      <div
        className={cn('flex items-center justify-center bg-muted text-muted-foreground', className)}
        data-testid="truck-thumb-placeholder"
      >
        <Truck className={iconClassName} strokeWidth={1.25} aria-hidden="true" />
      </div>
    );
  return (
    <img
      {...imgProps}
      src={src}
      alt=""
      width={width}
      height={height}
      loading={lazy ? 'lazy' : undefined}
      fetchPriority={priority ? 'high' : undefined}
      className={cn('object-cover', className)}
    />
  );
}
