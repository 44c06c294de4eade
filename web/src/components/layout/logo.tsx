import { cn } from '@/lib/cn';

/** The TruckYard mark (a box truck in safety amber) and wordmark. */
function TruckMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8', className)} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#f59e0b" />
      <path d="M4.5 20.5V10.5h13.5v10M18 14h5.2l4.3 4.3v2.2H18" fill="none" stroke="#0f2a44" strokeWidth="2.2" strokeLinejoin="round" />
      <circle cx="10" cy="22.2" r="2.6" fill="#0f2a44" stroke="#f59e0b" strokeWidth="1.2" />
      <circle cx="22.4" cy="22.2" r="2.6" fill="#0f2a44" stroke="#f59e0b" strokeWidth="1.2" />
    </svg>
  );
}

export function Wordmark({ className, tone = 'light' }: { className?: string; tone?: 'light' | 'dark' }) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-xl font-extrabold tracking-tight', className)}>
      <TruckMark />
      <span className={tone === 'light' ? 'text-white' : 'text-primary'}>
        Truck<span className="text-accent">Yard</span>
      </span>
    </span>
  );
}
