import type { InputHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/** A native checkbox styled to the theme (keyboard and form behaviour come for free). */
export function Checkbox({ className, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <input
      type="checkbox"
      className={cn(
        'size-4 shrink-0 cursor-pointer rounded border-border accent-primary focus-visible:outline-2 focus-visible:outline-ring',
        className,
      )}
      {...props}
    />
  );
}
