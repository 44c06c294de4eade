import { Search, ShoppingCart, X } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import { usePageMeta } from '@/lib/page-meta';
import { EQUIPMENT_CATEGORIES, EQUIPMENT_ITEMS } from '../data/equipment';
import { useCart } from '../hooks/use-cart';
import { cartCount } from '../utils/cart';
import {
  type CategoryFilter,
  type EquipmentFilters,
  NO_FILTERS,
  filterEquipment,
  filtersFromParams,
  filtersToParams,
  hasActiveFilters,
} from '../utils/filter-equipment';
import { CartDrawer } from './cart-drawer';
import { EquipmentTerms } from './equipment-terms';
import { EquipmentCard } from './equipment-card';

const CATEGORY_BUTTONS: CategoryFilter[] = ['All', ...EQUIPMENT_CATEGORIES];

export function EquipmentPage() {
  usePageMeta(
    'Equipment Store',
    'Hi-vis, safety boots, ratchet straps, load bars, warning triangles, fire extinguishers and tachograph rolls for HGV drivers.',
  );
  const [searchParams, setSearchParams] = useSearchParams();
  const fromUrl = useMemo(() => filtersFromParams(searchParams), [searchParams]);
  // The search box answers from local state: reading it back from the URL after each keystroke
  // drops characters, because router navigations land asynchronously. The URL follows the box
  // (replace), and the box takes the URL's value only on load and Back/Forward (POP).
  const [query, setQuery] = useState(fromUrl.query);
  const navigationType = useNavigationType();
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-sync only when a new history entry is shown
  useEffect(() => {
    if (navigationType === 'POP') setQuery(fromUrl.query);
  }, [location.key]);
  const filters: EquipmentFilters = { query, category: fromUrl.category };

  const writeUrl = (next: EquipmentFilters, replace: boolean) =>
    setSearchParams(filtersToParams(next), { replace, preventScrollReset: true });
  const setSearch = (value: string) => {
    setQuery(value);
    writeUrl({ ...filters, query: value }, true);
  };
  // Choosing a category or clearing adds a history entry, so Back undoes it.
  const setCategory = (category: CategoryFilter) => writeUrl({ ...filters, category }, false);
  const clearFilters = () => {
    setQuery('');
    writeUrl(NO_FILTERS, false);
  };
  const [cartOpen, setCartOpen] = useState(false);
  const { lines, dispatch } = useCart();
  const searchId = useId();

  const items = filterEquipment(EQUIPMENT_ITEMS, filters);
  const count = cartCount(lines);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Equipment Store</h1>
          <p className="mt-2 max-w-2xl text-lg text-muted-foreground">
            Driver essentials for the road: PPE, load securing, safety kit and tachograph supplies.
          </p>
        </div>
        <Button variant="default" size="lg" onClick={() => setCartOpen(true)} aria-haspopup="dialog" className="self-start sm:self-auto">
          <ShoppingCart aria-hidden="true" />
          Cart ({count})
        </Button>
      </header>

      <search className="mt-8 block rounded-lg border border-border bg-card p-4 sm:p-5">
        <label htmlFor={searchId} className="text-sm font-medium">
          Search equipment
        </label>
        <div className="relative mt-1.5">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={searchId}
            type="search"
            value={filters.query}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="e.g. straps, boots, tachograph"
            className="pl-9"
          />
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-2">
          <fieldset className="contents">
            <legend className="sr-only">Category</legend>
            {CATEGORY_BUTTONS.map((c) => (
              <Button
                key={c}
                size="sm"
                variant={filters.category === c ? 'default' : 'outline'}
                aria-pressed={filters.category === c}
                onClick={() => setCategory(c)}
                className="rounded-full"
              >
                {c}
              </Button>
            ))}
          </fieldset>
          <Button size="sm" variant="ghost" onClick={clearFilters} disabled={!hasActiveFilters(filters)} className="sm:ml-auto">
            <X aria-hidden="true" />
            Clear Filters
          </Button>
        </div>
      </search>

      <p className="mt-6 text-sm text-muted-foreground" role="status">
        Showing {items.length} of {EQUIPMENT_ITEMS.length} items
      </p>

      {items.length === 0 ? (
        <div className="mt-4 rounded-lg border border-dashed border-border bg-card p-10 text-center">
          <p className="font-semibold">No equipment matches your search</p>
          <p className="mt-1 text-sm text-muted-foreground">Try another word or category.</p>
          <Button variant="outline" className="mt-4" onClick={clearFilters}>
            Clear Filters
          </Button>
        </div>
      ) : (
        <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <li key={item.id}>
              <EquipmentCard
                item={item}
                quantityInCart={lines.find((l) => l.id === item.id)?.quantity ?? 0}
                onAdd={() => {
                  dispatch({ type: 'add', id: item.id });
                  toast({ title: 'Added to cart', description: item.name, variant: 'success' });
                }}
              />
            </li>
          ))}
        </ul>
      )}

      <EquipmentTerms className="mt-10 rounded-lg border border-border bg-card p-4 sm:p-5" />

      <CartDrawer open={cartOpen} onClose={() => setCartOpen(false)} lines={lines} dispatch={dispatch} />
    </div>
  );
}
