import { MapPin, RotateCcw } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input, Select } from '@/components/ui/input';
import { RangeSlider } from '@/components/ui/range-slider';
import { cn } from '@/lib/cn';
import { formatCompactGBP, formatCompactMiles, formatGBP, formatNumber } from '@/lib/format';
import { CLEAN_AIR_ZONES } from '@shared/compliance/zones';
import { RADIUS_OPTIONS_MILES, SLIDER } from '@shared/constants';
import { PRICE_RATING_FILTERS } from '@shared/pricing';
import type { FacetCounts, ListingSearchResult } from '@shared/schemas/listing';
import { CATEGORIES, type Category, FUELS, type Fuel, MAKES, type Make, TRANSMISSIONS, type Transmission } from '@shared/values';
import { BROWSE_CATEGORIES, BROWSE_FUELS, BROWSE_MAKES, BROWSE_TRANSMISSIONS, optionsFor } from '@shared/listing-options';
import { useResolvedLocation } from '../api/resolve-location';
import { type Bounds, type BrowseFilters, defaultFilters, type Range, type RatingFilter } from '../lib/browse-params';
import { useDebouncedValue } from '@/lib/use-debounced-value';

const LOCATION_PLACEHOLDER = 'Enter city or postcode';

const makeOptions = optionsFor(MAKES, BROWSE_MAKES);
const categoryOptions = optionsFor(CATEGORIES, BROWSE_CATEGORIES);
const fuelOptions = optionsFor(FUELS, BROWSE_FUELS);
const transmissionOptions = optionsFor(TRANSMISSIONS, BROWSE_TRANSMISSIONS);

export interface FilterSidebarProps {
  applied: BrowseFilters;
  bounds: Bounds;
  facets?: ListingSearchResult['facets'];
  /** On a category page the category is fixed and not offered. */
  fixedCategory?: Category;
  onApply: (filters: BrowseFilters) => void;
  onClear: () => void;
  className?: string;
}

/**
 * The filter panel (spec §4): the buyer edits a local draft, and nothing changes until
 * 'Apply Filters'. 'Clear' puts every filter back to its default and applies that.
 */
export function FilterSidebar({ applied, bounds, facets, fixedCategory, onApply, onClear, className }: FilterSidebarProps) {
  const [draft, setDraft] = useState<BrowseFilters>(applied);
  const appliedKey = JSON.stringify(applied);
  // A new applied state (back button, shared link, Clear) replaces the draft.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the serialised filters
  useEffect(() => setDraft(applied), [appliedKey]);

  const set: SetFilter = (key, value) => setDraft((d) => ({ ...d, [key]: value }));
  const toggle = <V extends string>(list: V[], value: V) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply({ ...draft, location: draft.location.trim() });
  };
  const clear = () => {
    setDraft(defaultFilters(bounds));
    onClear();
  };
  const dirty = JSON.stringify(draft) !== appliedKey;

  const ids = {
    make: useId(),
    category: useId(),
    rating: useId(),
    cleanAir: useId(),
  };

  return (
    <form onSubmit={submit} className={cn('grid gap-6 sm:grid-cols-2 sm:gap-x-8 lg:grid-cols-1', className)} aria-label="Filters">
      <RangeFields draft={draft} bounds={bounds} set={set} />

      <div className="space-y-2">
        <label htmlFor={ids.make} className="text-sm font-semibold">
          Make
        </label>
        <Select id={ids.make} value={draft.make} onChange={(e) => set('make', e.target.value as Make | '')}>
          <option value="">All makes</option>
          {makeOptions.map((o) => (
            <option key={o.value} value={o.value}>
              {withCount(o.label, facets?.make, o.value)}
            </option>
          ))}
        </Select>
      </div>

      {fixedCategory ? null : (
        <div className="space-y-2">
          <label htmlFor={ids.category} className="text-sm font-semibold">
            Category
          </label>
          <Select id={ids.category} value={draft.category} onChange={(e) => set('category', e.target.value as Category | '')}>
            <option value="">All categories</option>
            {categoryOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {withCount(o.label, facets?.category, o.value)}
              </option>
            ))}
          </Select>
        </div>
      )}

      <div className="space-y-2">
        <label htmlFor={ids.rating} className="text-sm font-semibold">
          Price rating
        </label>
        <Select id={ids.rating} value={draft.rating} onChange={(e) => set('rating', e.target.value as RatingFilter | '')}>
          <option value="">Any price rating</option>
          {PRICE_RATING_FILTERS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      </div>

      <div className="space-y-2">
        <label htmlFor={ids.cleanAir} className="text-sm font-semibold">
          No clean-air charges in
        </label>
        <Select
          id={ids.cleanAir}
          value={draft.cleanAir[0] ?? ''}
          onChange={(e) => set('cleanAir', e.target.value ? [e.target.value] : [])}
          aria-describedby={`${ids.cleanAir}-hint`}
        >
          <option value="">Any zone (no filter)</option>
          {CLEAN_AIR_ZONES.map((z) => (
            <option key={z.id} value={z.id}>
              {z.name}
            </option>
          ))}
        </Select>
        <p id={`${ids.cleanAir}-hint`} className="text-xs text-muted-foreground">
          Only trucks known to enter without a daily charge (Euro VI or electric).
        </p>
      </div>

      <CheckboxFilter
        checked={draft.mileageConsistent}
        onChange={(v) => set('mileageConsistent', v)}
        label="Mileage consistent"
        hint="Annual-test readings from DVSA records bear out the advertised mileage."
      />
      <CheckboxFilter
        checked={draft.reduced}
        onChange={(v) => set('reduced', v)}
        label="Recently reduced"
        hint="The price was cut in the last 14 days."
      />

      <CheckboxGroup
        legend="Fuel type"
        options={fuelOptions}
        selected={draft.fuel}
        counts={facets?.fuelType}
        onToggle={(v: Fuel) => set('fuel', toggle(draft.fuel, v))}
      />
      <CheckboxGroup
        legend="Transmission"
        options={transmissionOptions}
        selected={draft.transmission}
        counts={facets?.transmission}
        onToggle={(v: Transmission) => set('transmission', toggle(draft.transmission, v))}
      />

      <LocationField draft={draft} set={set} />

      <div className="flex gap-2 border-t border-border pt-5 sm:col-span-2 lg:col-span-1">
        <Button type="submit" variant="accent" className="flex-1">
          Apply Filters
        </Button>
        <Button type="button" variant="outline" onClick={clear}>
          <RotateCcw aria-hidden="true" />
          Clear
        </Button>
      </div>
      {dirty ? (
        <p className="-mt-4 text-xs text-muted-foreground sm:col-span-2 lg:col-span-1">You have changes that aren't applied yet.</p>
      ) : null}
    </form>
  );
}

/** One yes/no filter with its hint. */
function CheckboxFilter(props: { checked: boolean; onChange: (checked: boolean) => void; label: string; hint: string }) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <Checkbox
        id={id}
        className="mt-0.5"
        checked={props.checked}
        onChange={(e) => props.onChange(e.currentTarget.checked)}
        aria-describedby={`${id}-hint`}
      />
      <div>
        <label htmlFor={id} className="text-sm font-semibold">
          {props.label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {props.hint}
        </p>
      </div>
    </div>
  );
}

type SetFilter = <K extends keyof BrowseFilters>(key: K, value: BrowseFilters[K]) => void;

/** Price, year and mileage as two-thumb sliders. */
function RangeFields({ draft, bounds, set }: { draft: BrowseFilters; bounds: Bounds; set: SetFilter }) {
  return (
    <>
      <RangeField
        legend="Price"
        value={draft.price}
        bounds={bounds.price}
        step={SLIDER.price.step}
        onChange={(v) => set('price', v)}
        format={formatGBP}
        compact={formatCompactGBP}
        anyText="Any price"
        thumbLabels={['Minimum price', 'Maximum price']}
      />
      <RangeField
        legend="Year"
        value={draft.year}
        bounds={bounds.year}
        step={SLIDER.year.step}
        onChange={(v) => set('year', v)}
        format={String}
        compact={String}
        anyText="Any year"
        openEnded={false}
        thumbLabels={['Earliest year', 'Latest year']}
      />
      <RangeField
        legend="Mileage"
        value={draft.mileage}
        bounds={bounds.mileage}
        step={SLIDER.mileage.step}
        onChange={(v) => set('mileage', v)}
        format={(n) => `${formatNumber(n)} mi`}
        compact={formatCompactMiles}
        anyText="Any mileage"
        thumbLabels={['Minimum mileage', 'Maximum mileage']}
      />
    </>
  );
}

/** A postcode or town; once it resolves to a place, a radius around it. */
function LocationField({ draft, set }: { draft: BrowseFilters; set: SetFilter }) {
  const locationId = useId();
  const radiusId = useId();
  const debouncedLocation = useDebouncedValue(draft.location, 400);
  const place = useResolvedLocation(debouncedLocation);
  const placed = draft.location.trim() !== '' && place.data ? place.data : null;
  return (
    <div className="space-y-2">
      <label htmlFor={locationId} className="text-sm font-semibold">
        Location
      </label>
      <div className="relative">
        <MapPin className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input
          id={locationId}
          value={draft.location}
          onChange={(e) => set('location', e.target.value)}
          placeholder={LOCATION_PLACEHOLDER}
          autoComplete="postal-code"
          maxLength={100}
          className="pl-9"
          aria-describedby={`${locationId}-hint`}
        />
      </div>
      <p id={`${locationId}-hint`} className="text-xs text-muted-foreground" aria-live="polite">
        {placed ? `Near ${placed.label}` : draft.location.trim() ? 'Matches the location named on listings' : ''}
      </p>
      {placed ? (
        <div className="space-y-2 pt-1">
          <label htmlFor={radiusId} className="text-sm font-semibold">
            Within
          </label>
          <Select id={radiusId} value={draft.radius} onChange={(e) => set('radius', Number(e.target.value))}>
            {RADIUS_OPTIONS_MILES.map((r) => (
              <option key={r} value={r}>
                {r} miles
              </option>
            ))}
          </Select>
        </div>
      ) : null}
    </div>
  );
}

function withCount(label: string, counts: FacetCounts | undefined, value: string) {
  return counts ? `${label} (${counts[value] ?? 0})` : label;
}

function RangeField(props: {
  legend: string;
  value: Range;
  bounds: Range;
  step: number;
  onChange: (v: Range) => void;
  format: (n: number) => string;
  compact: (n: number) => string;
  anyText: string;
  thumbLabels: [string, string];
  /** Whether the top end-point reads as 'and above' (price, mileage) rather than a hard end (year). */
  openEnded?: boolean;
}) {
  const { legend, value, bounds, step, onChange, format, compact, anyText, thumbLabels, openEnded = true } = props;
  const [lo, hi] = value;
  const loOpen = lo <= bounds[0];
  const hiOpen = hi >= bounds[1];
  const summary = loOpen && hiOpen ? anyText : loOpen ? `Up to ${format(hi)}` : hiOpen ? `${format(lo)}+` : `${format(lo)} – ${format(hi)}`;
  return (
    <fieldset className="space-y-2">
      <legend className="flex w-full items-baseline justify-between gap-2 text-sm font-semibold">
        <span>{legend}</span>
        <span className="font-medium text-primary">{summary}</span>
      </legend>
      <RangeSlider
        min={bounds[0]}
        max={bounds[1]}
        step={step}
        value={value}
        onChange={onChange}
        labels={thumbLabels}
        formatValue={(n) => (n <= bounds[0] ? `${format(n)}, no lower limit` : n >= bounds[1] ? `${format(n)}, no upper limit` : format(n))}
      />
      <div className="flex justify-between text-xs text-muted-foreground" aria-hidden="true">
        <span>{compact(bounds[0])}</span>
        <span>
          {compact(bounds[1])}
          {openEnded ? '+' : ''}
        </span>
      </div>
    </fieldset>
  );
}

function CheckboxGroup<V extends string>({
  legend,
  options,
  selected,
  counts,
  onToggle,
}: {
  legend: string;
  options: { value: V; label: string }[];
  selected: V[];
  counts?: FacetCounts;
  onToggle: (v: V) => void;
}): ReactNode {
  const groupId = useId();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold">{legend}</legend>
      <ul className="space-y-1">
        {options.map((o) => {
          const n = counts ? (counts[o.value] ?? 0) : undefined;
          return (
            <li key={o.value}>
              <label
                htmlFor={`${groupId}-${o.value}`}
                className="flex cursor-pointer items-center gap-2.5 rounded-md px-1 py-1 text-sm hover:bg-muted"
              >
                <Checkbox id={`${groupId}-${o.value}`} checked={selected.includes(o.value)} onChange={() => onToggle(o.value)} />
                <span className="flex-1">{o.label}</span>
                {n !== undefined ? (
                  <span className={cn('text-xs tabular-nums', n ? 'text-muted-foreground' : 'text-muted-foreground/60')}>{n}</span>
                ) : null}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
