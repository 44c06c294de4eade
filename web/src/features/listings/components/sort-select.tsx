import { useId } from 'react';
import { Select } from '@/components/ui/input';
import { SORT_OPTIONS, type SortOption } from '@shared/constants';

/** Sort order; 'Distance: nearest' is only offered once a location is set. */
export function SortSelect({
  value,
  onChange,
  hasLocation,
}: {
  value: SortOption;
  onChange: (v: SortOption) => void;
  hasLocation: boolean;
}) {
  const id = useId();
  const options = SORT_OPTIONS.filter((o) => o.value !== 'distance' || hasLocation);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium whitespace-nowrap text-muted-foreground">
        Sort by
      </label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value as SortOption)} className="h-11 w-auto min-w-44 pr-8">
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
