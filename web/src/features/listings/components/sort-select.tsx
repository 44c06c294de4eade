import { useId } from 'react';
import { Select } from '@/components/ui/input';
import { BEST_MATCH_LABEL, SORT_OPTIONS, type SortOption } from '@shared/constants';

/**
 * Sort order; 'Distance: nearest' is only offered once a location is set. With search words the
 * default ranks the best matches first ('Best match') and 'Newest first' stays on offer (issue 9).
 */
export function SortSelect({
  value,
  onChange,
  hasLocation,
  hasWords = false,
}: {
  value: SortOption;
  onChange: (v: SortOption) => void;
  hasLocation: boolean;
  hasWords?: boolean;
}) {
  const id = useId();
  const options = SORT_OPTIONS.filter((o) => (o.value !== 'distance' || hasLocation) && (o.value !== 'newest' || hasWords)).map((o) =>
    o.value === 'relevance' && hasWords ? { ...o, label: BEST_MATCH_LABEL } : o,
  );
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2 sm:flex-none">
      <label htmlFor={id} className="sr-only text-sm font-medium whitespace-nowrap text-muted-foreground sm:not-sr-only">
        Sort by
      </label>
      <Select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as SortOption)}
        className="h-11 w-full min-w-0 pr-8 sm:w-auto sm:min-w-44"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
