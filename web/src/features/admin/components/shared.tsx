import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { Page } from '@shared/schemas/admin';
import { notifyFailure } from '../lib/notify';

/** Loading, failure (toast + text), empty and "Load more" around one paged admin list. */
export function PagedList<T>({
  query,
  failureText,
  emptyText,
  children,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  failureText: string;
  emptyText: string;
  children: (items: T[]) => ReactNode;
}) {
  useEffect(() => {
    if (query.isError) notifyFailure(failureText, query.error);
  }, [query.isError, query.error, failureText]);
  if (query.isPending) return <Spinner label="Loading..." />;
  if (query.isError) return <p className="py-8 text-center text-destructive">{failureText}</p>;
  const items = query.data.pages.flatMap((p) => p.items);
  if (items.length === 0) return <p className="py-8 text-center text-muted-foreground">{emptyText}</p>;
  return (
    <div className="space-y-4">
      {children(items)}
      {query.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </div>
  );
}

export function FilterButtons<V extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: ReadonlyArray<{ value: V; label: string }>;
  value: V;
  onChange: (v: V) => void;
}) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{label}</legend>
      {options.map((o) => (
        <Button
          key={o.value}
          size="sm"
          variant={o.value === value ? 'default' : 'outline'}
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </Button>
      ))}
    </fieldset>
  );
}

export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replace(/_/g, ' ');
export const formatDate = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { timeZone: 'Europe/London', dateStyle: 'medium', timeStyle: 'short' });
