import { useId, useLayoutEffect, useRef } from 'react';
import { cn } from '@/lib/cn';

export interface RangeSliderProps {
  min: number;
  max: number;
  step: number;
  value: [number, number];
  onChange: (value: [number, number]) => void;
  /** Accessible names of the two thumbs, e.g. 'Minimum price'. */
  labels: [string, string];
  /** Formats a value for screen readers (aria-valuetext). */
  formatValue?: (n: number) => string;
  className?: string;
}

/**
 * A two-thumb range slider built from two native range inputs, so each thumb keeps the browser's
 * keyboard support and is announced with its own label. The thumbs can't cross.
 */
export function RangeSlider({ min, max, step, value, onChange, labels, formatValue, className }: RangeSliderProps) {
  const id = useId();
  const [lo, hi] = value;
  const span = max - min || 1;
  const left = ((lo - min) / span) * 100;
  const right = ((hi - min) / span) * 100;
  // Set through the CSSOM, not a style attribute: the CSP allows no inline style attributes, and a
  // server-rendered one would be dropped (shared/security-headers.ts). The bar is decoration over
  // the inputs, absolutely placed, so painting it after hydration moves nothing.
  const fill = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    fill.current?.style.setProperty('left', `${left}%`);
    fill.current?.style.setProperty('right', `${100 - right}%`);
  }, [left, right]);
  return (
    <div className={cn('range-slider relative h-6', className)}>
      <div className="absolute top-1/2 right-0 left-0 h-1.5 -translate-y-1/2 rounded-full bg-muted" />
      <div ref={fill} className="absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-primary" />
      <input
        id={`${id}-min`}
        type="range"
        min={min}
        max={max}
        step={step}
        value={lo}
        aria-label={labels[0]}
        aria-valuetext={formatValue?.(lo)}
        onChange={(e) => onChange([Math.min(Number(e.target.value), hi), hi])}
        // Let the lower thumb win when both sit at the top end, so they can be pulled apart.
        className={lo >= max - step ? 'z-[4]' : 'z-[3]'}
      />
      <input
        id={`${id}-max`}
        type="range"
        min={min}
        max={max}
        step={step}
        value={hi}
        aria-label={labels[1]}
        aria-valuetext={formatValue?.(hi)}
        onChange={(e) => onChange([lo, Math.max(Number(e.target.value), lo)])}
        className="z-[3]"
      />
    </div>
  );
}
