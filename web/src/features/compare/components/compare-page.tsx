import { useStoredTrucks } from '@/lib/stored-list';
import { GitCompareArrows, Link2, MapPin, Truck, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '@/app/paths';
import { compareTray, removeTruckFromCompare } from '@/components/compare/compare-store';
import { compareHref } from '@/components/compare/compare-tray-logic';
import { PageContainer } from '@/components/layout/page-shell';
import { PriceBandBadge } from '@/components/listing-badges/listing-badges';
import { Button, buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { usePageMeta } from '@/lib/page-meta';
import { toast } from '@/lib/toast';
import type { CompareColumn } from '@shared/schemas/compare';
import { compareUrlState, useCompare } from '../api/get-compare';
import { compareRows } from './compare-rows';
import { TruckThumb } from '@/components/ui/truck-thumb';

const UNAVAILABLE = 'No longer available';

/**
 * /compare?ids=a,b,c[&from=LS1] (issue 26 §2): up to 3 trucks side by side, from the URL, so the
 * link can be shared. Without ids it opens the visitor's tray. Rows whose values differ are
 * highlighted; a truck no longer live keeps its column, saying so. The table scrolls sideways on
 * a phone with the row labels kept in view. A URL with ids is rendered on the server (app/router.tsx);
 * without them the page is the browser's, since only it knows the tray.
 */
export function ComparePage() {
  usePageMeta('Compare trucks', 'Compare used trucks side by side: price, year, mileage, Euro standard, clean-air status and more.');
  const [params, setParams] = useSearchParams();
  const tray = useStoredTrucks(compareTray);
  const { ids: fromUrl, from } = compareUrlState(params);
  const ids = fromUrl.length ? fromUrl : tray.map((t) => t.id);
  const { data, isPending, isError, refetch } = useCompare(ids, from);

  const setIds = (next: string[]) => {
    const p = new URLSearchParams(params);
    if (next.length) p.set('ids', next.join(','));
    else p.delete('ids');
    setParams(p, { replace: true });
  };
  const remove = (id: string) => {
    removeTruckFromCompare(id);
    setIds(ids.filter((i) => i !== id));
  };
  const copyLink = async () => {
    const url = new URL(compareHref(ids, from), window.location.origin).toString();
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied', description: 'Anyone with the link sees these trucks side by side.', variant: 'success' });
    } catch {
      toast({ title: 'Could not copy the link', description: url, variant: 'destructive' });
    }
  };

  return (
    <PageContainer className="py-6 sm:py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-extrabold tracking-tight text-primary sm:text-3xl">
            <GitCompareArrows className="size-7" aria-hidden="true" />
            Compare trucks
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">Differences are highlighted. Up to 3 trucks (2 on a phone).</p>
        </div>
        {ids.length ? (
          <Button variant="outline" size="sm" onClick={copyLink}>
            <Link2 aria-hidden="true" />
            Copy link
          </Button>
        ) : null}
      </div>

      {ids.length ? (
        <FromForm
          key={from ?? ''}
          initial={from ?? ''}
          onSubmit={(v) => {
            const p = new URLSearchParams(params);
            if (!p.get('ids')) p.set('ids', ids.join(','));
            if (v) p.set('from', v);
            else p.delete('from');
            setParams(p, { replace: true });
          }}
        />
      ) : null}

      <div className="mt-6">
        {!ids.length ? (
          <EmptyCompare />
        ) : isPending ? (
          <Skeleton className="h-96 w-full" />
        ) : isError || !data ? (
          <div role="alert" className="rounded-lg border border-border bg-card p-6 text-center">
            <p className="font-semibold">Could not load these trucks.</p>
            <Button className="mt-3" variant="outline" onClick={() => refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <CompareTable columns={data.items} from={data.from} onRemove={remove} />
        )}
      </div>
      {from && data && !data.from ? (
        <p className="mt-3 text-sm text-muted-foreground" role="status">
          “{from}” is not a UK postcode or town we know, so distances are not shown.
        </p>
      ) : null}
    </PageContainer>
  );
}

function FromForm({ initial, onSubmit }: { initial: string; onSubmit: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(value.trim().slice(0, 40));
  };
  return (
    <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-2">
      <div className="grid gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          Distance from your postcode
        </label>
        <Input
          id={id}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder="e.g. LS11 5AB"
          maxLength={40}
          className="w-44"
          autoComplete="postal-code"
        />
      </div>
      <Button type="submit" variant="outline">
        <MapPin aria-hidden="true" />
        Show distances
      </Button>
    </form>
  );
}

function EmptyCompare() {
  return (
    <div className="rounded-lg border border-dashed border-border bg-card p-8 text-center">
      <Truck className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
      <p className="mt-3 font-semibold">No trucks to compare yet.</p>
      <p className="mt-1 text-sm text-muted-foreground">Press “Compare” on up to 3 trucks, then open the tray at the foot of the page.</p>
      <Link to={`${paths.home}#browse`} className={cn(buttonVariants(), 'mt-4')}>
        Browse trucks
      </Link>
    </div>
  );
}

const LABEL_CELL =
  'sticky left-0 z-10 w-32 min-w-32 bg-card px-3 py-2.5 text-left align-top text-xs font-semibold text-muted-foreground sm:w-44 sm:min-w-44 sm:text-sm';
const VALUE_CELL = 'min-w-44 px-3 py-2.5 align-top text-sm';

function CompareTable({ columns, from, onRemove }: { columns: CompareColumn[]; from: string | null; onRemove: (id: string) => void }) {
  const rows = compareRows(columns, from);
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-card shadow-sm" data-testid="compare-table">
      <table className="w-full border-collapse">
        <caption className="sr-only">Trucks side by side; rows where they differ are marked “differs”.</caption>
        <thead>
          <tr className="border-b border-border">
            <td className={LABEL_CELL} />
            {columns.map((c, i) => (
              <th key={c.id} scope="col" className={cn(VALUE_CELL, 'text-left font-normal')}>
                <ColumnHead column={c} onRemove={onRemove} first={i === 0} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((row) => (
            <tr key={row.key} data-differs={row.differs || undefined} className={cn(row.differs && 'bg-amber-50')}>
              <th scope="row" className={cn(LABEL_CELL, row.differs && 'bg-amber-50 text-amber-950')}>
                {row.label}
                {row.differs ? (
                  <span className="ml-1 block text-[11px] font-bold tracking-wide text-amber-800 uppercase">Differs</span>
                ) : null}
              </th>
              {row.values.map((v, i) => (
                <td key={columns[i].id} className={cn(VALUE_CELL, v === null ? 'text-muted-foreground italic' : 'font-medium')}>
                  {v === null ? '—' : row.key === 'band' ? <BandCell column={columns[i]} text={v} /> : v}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BandCell({ column, text }: { column: CompareColumn; text: string }) {
  return column.listing?.priceBand ? (
    <PriceBandBadge band={column.listing.priceBand} />
  ) : (
    <span className="text-muted-foreground">{text}</span>
  );
}

function ColumnHead({ column, onRemove, first }: { column: CompareColumn; onRemove: (id: string) => void; first: boolean }) {
  const l = column.listing;
  const photo = l?.images[0];
  return (
    <div className="flex flex-col gap-2">
      <div className="relative aspect-[4/3] w-full overflow-hidden rounded-md bg-muted">
        <TruckThumb
          src={photo && (photo.thumbUrl || photo.url)}
          width={400}
          height={300}
          priority={first}
          iconClassName="size-10"
          className="size-full"
        />
      </div>
      {l ? (
        <Link to={paths.truck(l.id)} className="line-clamp-2 font-semibold text-primary hover:underline">
          {l.title}
        </Link>
      ) : (
        <p className="font-semibold text-destructive">{UNAVAILABLE}</p>
      )}
      <button
        type="button"
        onClick={() => onRemove(column.id)}
        className="inline-flex w-fit items-center gap-1 rounded px-1.5 py-1 text-xs font-medium text-muted-foreground hover:bg-muted hover:text-foreground"
      >
        <X className="size-3.5" aria-hidden="true" />
        Remove<span className="sr-only"> {l?.title ?? 'this truck'}</span>
      </button>
    </div>
  );
}
