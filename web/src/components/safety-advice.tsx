import { ShieldAlert } from 'lucide-react';
import { cn } from '@/lib/cn';

/** The words of the safety advice (issue 24 §6), in one place for the listing and contact pages and the tests. */
const SAFETY_ADVICE = {
  title: 'Buying safely',
  points: ['Never pay a deposit before you have seen the truck.', 'Check the V5C logbook matches the truck and the seller.'],
} as const;

/** Short safety advice on the listing and contact pages. */
export function SafetyAdvice({ className }: { className?: string }) {
  return (
    <aside
      aria-labelledby="safety-advice-heading"
      data-testid="safety-advice"
      className={cn('rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950', className)}
    >
      <h2 id="safety-advice-heading" className="flex items-center gap-2 font-bold">
        <ShieldAlert className="size-4 shrink-0" aria-hidden="true" />
        {SAFETY_ADVICE.title}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {SAFETY_ADVICE.points.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </aside>
  );
}
