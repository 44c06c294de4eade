import { BookmarkPlus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { describeSavedSearch, savedSearchInputSchema } from '@shared/schemas/saved-searches';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError, type QueryValue } from '@/lib/api-client';
import { toastApiFailure } from '@/lib/api-error-toast';
import { toast } from '@/lib/toast';
import { useSaveSearch } from '../api/saved-searches';

/** The browse query as a saved search's parameters: the filters and sort, not the page. */
function paramsOf(query: Record<string, QueryValue>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) if (k !== 'page' && k !== 'pageSize' && v !== undefined && v !== null) out[k] = String(v);
  return out;
}

/** The button, then a name (suggested from the filters) and Save; the shared schema checks it before the API does. */
export function SaveSearchForm({ query }: { query: Record<string, QueryValue> }) {
  const params = paramsOf(query);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSearch();
  const id = useId();

  const start = () => {
    setName(describeSavedSearch(params).slice(0, 60));
    setError(null);
    setOpen(true);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = savedSearchInputSchema.safeParse({ name, params });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the name');
    save.mutate(parsed.data, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: 'Search saved', description: 'Find it under Saved searches on your Saved page.', variant: 'success' });
      },
      // The API's own words for a refusal (the limit of 20 among them); a toast for anything else.
      onError: (err) =>
        err instanceof ApiError && err.status < 500 && err.code !== 'SUSPENDED'
          ? setError(err.message)
          : toastApiFailure(err, 'Could not save the search', 'Please try again.'),
    });
  };

  if (!open) {
    return (
      <div className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button variant="outline" size="sm" onClick={start} data-testid="save-search">
          <BookmarkPlus aria-hidden="true" />
          Save this search
        </Button>
        <Link to={paths.saved} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Saved searches
        </Link>
      </div>
    );
  }
  return (
    <form
      onSubmit={submit}
      className="mb-3 flex flex-wrap items-end gap-2 rounded-md border border-border bg-card p-3"
      aria-label="Save this search"
    >
      <div className="min-w-0 flex-1 basis-56">
        <label htmlFor={id} className="text-sm font-semibold">
          Name this search
        </label>
        <Input
          id={id}
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.currentTarget.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1"
        />
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-sm text-destructive" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="sm" disabled={save.isPending}>
        Save
      </Button>
      <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(false)}>
        Cancel
      </Button>
    </form>
  );
}
