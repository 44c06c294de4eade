import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { LIMITS } from '@shared/constants';
import { useSearchSuggestions } from '../api/suggest-listings';
import { useDebouncedValue } from '@/lib/use-debounced-value';

const SEARCH_PLACEHOLDER = 'Search for trucks by make, model, or keyword...';

const KIND_LABEL = { make: 'Make', model: 'Model', category: 'Category', place: 'Place' } as const;

/**
 * Free-text search; applied on Enter or the Search button. As the buyer types, the browser's own
 * suggestion list (a datalist: keyboard and screen-reader support come with it) offers makes,
 * models, categories and places from the index.
 */
export function SearchBar({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const listId = useId();
  const typed = useDebouncedValue(text, 150);
  const { data: suggestions } = useSearchSuggestions(typed === value ? '' : typed);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };

  return (
    <search className="block min-w-0 flex-1">
      <form onSubmit={submit} className="flex min-w-0 flex-1 gap-2">
        <div className="relative min-w-0 flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <input
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={LIMITS.maxSearchTextLength}
            placeholder={SEARCH_PLACEHOLDER}
            aria-label="Search trucks"
            enterKeyHint="search"
            list={listId}
            autoComplete="off"
            className="h-11 w-full rounded-md border border-border bg-card pr-3 pl-10 text-base placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring sm:text-sm"
          />
          <datalist id={listId} data-testid="search-suggestions">
            {(suggestions ?? []).map((s) => (
              <option key={`${s.kind}|${s.text}`} value={s.text} label={`${KIND_LABEL[s.kind]} · ${s.count}`} />
            ))}
          </datalist>
        </div>
        <Button type="submit" className="h-11 px-3.5 sm:px-5">
          <Search className="sm:hidden" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Search</span>
        </Button>
      </form>
    </search>
  );
}
