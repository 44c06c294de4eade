import { Info } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import type { AlertFormValues } from './alert-signup-form';

/** The alert form's fields a saved search may fill (shared/schemas/saved-searches.ts alertPrefillOf). */
const PREFILLED = [
  'make',
  'budgetMin',
  'budgetMax',
  'yearMin',
  'yearMax',
  'fuelType',
  'transmission',
  'maxMileage',
  'location',
  'radiusMiles',
] as const;

/**
 * /subscribe opened from a saved search ("Get alerts for this search", issue 26 §4): the filters
 * alert preferences hold, from the URL, and the names of those they cannot hold.
 */
export function useSearchPrefill(): { fromSearch: boolean; values: Partial<AlertFormValues>; cannotHold: string[] } {
  const [sp] = useSearchParams();
  const fromSearch = sp.get('from') === 'saved-search';
  const values: Partial<AlertFormValues> = {};
  if (fromSearch) for (const key of PREFILLED) if (sp.get(key)) values[key] = (sp.get(key) ?? '').slice(0, 100);
  const cannotHold = fromSearch ? (sp.get('cannotHold') ?? '').split(',').filter(Boolean).slice(0, 20) : [];
  return { fromSearch, values, cannotHold };
}

/** Says the form was filled from a saved search, and which of its filters alerts cannot hold. */
export function SearchPrefillNote({ cannotHold }: { cannotHold: string[] }) {
  return (
    <div className="mb-6 flex gap-2 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900" data-testid="search-prefill">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        Filled in from your saved search.
        {cannotHold.length
          ? ` Alerts cannot hold these filters, so they are left out: ${cannotHold.join(', ')}.`
          : ' Alerts hold all of its filters.'}
      </p>
    </div>
  );
}
