import type { ReactNode } from 'react';
import { Truck } from 'lucide-react';
import { Card } from '@/components/ui/card';

/** The centred card every sign-in screen uses. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-[70vh] items-start justify-center bg-muted/40 px-4 py-10 sm:py-16">
      <div className="w-full max-w-md">
        <div className="mb-6 flex flex-col items-center text-center">
          <span className="mb-3 inline-flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <Truck className="size-6" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-bold text-foreground sm:text-3xl">{title}</h1>
          {subtitle ? <p className="mt-2 text-muted-foreground">{subtitle}</p> : null}
        </div>
        <Card className="p-5 sm:p-6">{children}</Card>
        {footer ? <div className="mt-6 text-center text-sm text-muted-foreground">{footer}</div> : null}
      </div>
    </div>
  );
}
