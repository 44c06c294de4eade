import { ChevronRight, MapPin, Search } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '@/app/paths';
import { PageContainer } from '@/components/layout/page-shell';
import { ApprovedDealerBadge } from '@/components/ui/approved-dealer-badge';
import { Button } from '@/components/ui/button';
import { Input, Label, Select } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { usePageMeta } from '@/lib/page-meta';
import type { DealerDirectoryEntry } from '@shared/schemas/storefront';
import { useDealers } from '../api/list-dealers';
import { DealerLogo } from '@/components/ui/dealer-logo';

type Sort = 'name' | 'town' | 'distance';

/** /dealers: every dealer's storefront, by name, by town, or by distance from a postcode, each with its stock count (issue 26 §1). */
export function DealersPage() {
  usePageMeta('Truck dealers', 'Find used truck dealers by name, by town, or by distance from your postcode, and browse their stock.');
  const [params, setParams] = useSearchParams();
  const sort = (['name', 'town', 'distance'].includes(params.get('sort') ?? '') ? params.get('sort') : 'name') as Sort;
  const postcode = params.get('postcode') ?? '';
  const q = params.get('q') ?? '';
  const query = { sort: sort === 'distance' && !postcode ? 'name' : sort, postcode: postcode || undefined, q: q || undefined };
  const { data, isPending, error } = useDealers(query);
  const ids = { q: useId(), sort: useId(), postcode: useId() };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const next = new URLSearchParams();
    const nq = String(form.get('q') ?? '').trim();
    const np = String(form.get('postcode') ?? '').trim();
    let ns = String(form.get('sort') ?? 'name');
    if (np && ns === 'name' && !params.get('sort')) ns = 'distance';
    if (nq) next.set('q', nq);
    if (np) next.set('postcode', np);
    if (ns !== 'name') next.set('sort', ns);
    setParams(next);
  };

  return (
    <>
      <div className="border-b border-border bg-card">
        <PageContainer className="py-8 sm:py-10">
          <h1 className="text-3xl font-extrabold tracking-tight text-primary sm:text-4xl">Truck dealers</h1>
          <p className="mt-2 max-w-3xl text-lg text-muted-foreground">
            Look round a dealer's whole yard before you ring: every dealer on TruckYard, with the trucks they have for sale now.
          </p>
          <form onSubmit={onSubmit} className="mt-6 grid gap-3 sm:grid-cols-[1fr_11rem_14rem_auto] sm:items-end" aria-label="Find dealers">
            <div>
              <Label htmlFor={ids.q}>Dealer name or town</Label>
              <Input id={ids.q} name="q" defaultValue={q} placeholder="e.g. Leeds" className="mt-1" />
            </div>
            <div>
              <Label htmlFor={ids.postcode}>Your postcode</Label>
              <Input
                id={ids.postcode}
                name="postcode"
                defaultValue={postcode}
                placeholder="e.g. LS11 5AB"
                className="mt-1"
                autoComplete="postal-code"
              />
            </div>
            <div>
              <Label htmlFor={ids.sort}>Sort by</Label>
              <Select id={ids.sort} name="sort" defaultValue={sort} className="mt-1">
                <option value="name">Name</option>
                <option value="town">Town</option>
                <option value="distance">Distance from postcode</option>
              </Select>
            </div>
            <Button type="submit" variant="accent">
              <Search className="size-4" aria-hidden="true" />
              Find dealers
            </Button>
          </form>
        </PageContainer>
      </div>
      <PageContainer className="py-8">
        {isPending ? (
          <div className="flex justify-center py-16">
            <Spinner />
          </div>
        ) : error ? (
          <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive">
            {error instanceof ApiError ? error.message : 'The dealers could not be loaded. Please try again.'}
          </p>
        ) : data && data.dealers.length > 0 ? (
          <>
            <p className="mb-4 text-sm text-muted-foreground" aria-live="polite">
              {formatNumber(data.dealers.length)} {data.dealers.length === 1 ? 'dealer' : 'dealers'}
              {data.near ? ` · distances from ${data.near.label}` : ''}
            </p>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {data.dealers.map((d) => (
                <DealerRow key={d.slug} dealer={d} />
              ))}
            </ul>
          </>
        ) : (
          <p className="py-16 text-center text-muted-foreground">No dealers match. Try another name or town.</p>
        )}
      </PageContainer>
    </>
  );
}

function DealerRow({ dealer: d }: { dealer: DealerDirectoryEntry }) {
  const where = [d.town, d.postcodeDistrict].filter(Boolean).join(', ');
  return (
    <li className="min-w-0">
      <Link
        to={paths.dealer(d.slug)}
        className="group flex h-full items-center gap-4 rounded-lg border border-border bg-card p-4 shadow-sm transition hover:border-primary/40 hover:shadow-md"
      >
        <DealerLogo storefront={d} className="size-14" />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-bold text-primary group-hover:underline">{d.companyName}</h2>
          {where ? (
            <p className="mt-0.5 flex items-center gap-1 text-sm text-muted-foreground">
              <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="truncate">
                {where}
                {d.distanceMiles !== null ? ` · ${formatNumber(d.distanceMiles)} miles` : ''}
              </span>
            </p>
          ) : null}
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <span className="text-sm font-semibold">
              {formatNumber(d.stockCount)} {d.stockCount === 1 ? 'truck' : 'trucks'} in stock
            </span>
            {d.approvedDealer ? <ApprovedDealerBadge /> : null}
          </div>
        </div>
        <ChevronRight className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      </Link>
    </li>
  );
}
