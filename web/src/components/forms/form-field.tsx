import type { ReactNode } from 'react';
import { FieldError, Label } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/** A label, its control and the control's error; pass `aria-describedby={errorId(id)}` to the control. */
export function FormField({
  id,
  label,
  required,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>
        {label}
        {required ? (
          <span className="text-destructive" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </Label>
      {children}
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      <FieldError id={errorId(id)} message={error} />
    </div>
  );
}

export const errorId = (id: string) => `${id}-error`;

/** Props that tie a control to its FormField's error. */
export const invalidProps = (id: string, error?: string) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': errorId(id) } : { 'aria-invalid': false as const };
