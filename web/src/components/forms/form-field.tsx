import type { ReactNode } from 'react';
import { FieldError, Label } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/**
 * One form field: its label (with a red asterisk when required, or "(optional)"), the control, a
 * hint and the control's error. Spread `invalidProps(id, error)` on the control, so it is marked
 * invalid and described by the error.
 */
export function FormField({
  id,
  label,
  required,
  optional,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  /**
   * Says "(optional)" after the label (part of the field's name, as the forms have always read); a
   * string says more inside the brackets ("optional, if we may ask you more").
   */
  optional?: boolean | string;
  error?: string;
  hint?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      {/* The asterisk sits outside the label so the field's accessible name is exactly `label`. */}
      <div className="flex items-baseline gap-1">
        <Label htmlFor={id}>
          {label}
          {/* The space outside the span: an accessible name joins a span's text without its leading space. */}
          {optional ? (
            <>
              {' '}
              <span className="font-normal text-muted-foreground">({typeof optional === 'string' ? optional : 'optional'})</span>
            </>
          ) : null}
        </Label>
        {required ? (
          <span className="text-sm text-destructive" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      {children}
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      <FieldError id={errorId(id)} message={error} />
    </div>
  );
}

const errorId = (id: string) => `${id}-error`;

/** Props that tie a control to its FormField's error. */
export const invalidProps = (id: string, error?: string) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': errorId(id) } : { 'aria-invalid': false as const };
