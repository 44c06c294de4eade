import { X } from 'lucide-react';
import type { Bounds, BrowseState } from '../lib/browse-params';
import { activeFilterChips } from '../lib/active-filters';

/** The applied filters as removable chips, so a buyer sees at a glance what narrows the list. */
export function ActiveFilters({
  state,
  bounds,
  fixedCategory,
  onChange,
  onClearAll,
}: {
  state: BrowseState;
  bounds: Bounds;
  fixedCategory: boolean;
  onChange: (next: BrowseState) => void;
  onClearAll: () => void;
}) {
  const chips = activeFilterChips(state, bounds, { fixedCategory });
  if (!chips.length) return null;
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2">
      <span className="sr-only">Active filters:</span>
      <ul className="contents">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button
              type="button"
              onClick={() => onChange(chip.without(state))}
              className="inline-flex items-center gap-1.5 rounded-full border border-primary/20 bg-primary/5 py-1 pr-2 pl-3 text-sm font-medium text-primary hover:border-primary/40 hover:bg-primary/10"
            >
              {chip.label}
              <X className="size-3.5" aria-hidden="true" />
              <span className="sr-only">(remove filter)</span>
            </button>
          </li>
        ))}
      </ul>
      {chips.length > 1 ? (
        <button type="button" onClick={onClearAll} className="px-1 text-sm font-semibold text-primary underline-offset-2 hover:underline">
          Clear all
        </button>
      ) : null}
    </div>
  );
}
