import { cleanAirBadge } from '@shared/compliance/verdict';
import { cabLabel, euroLabel } from '@shared/listing-options';
import { priceBandLabel } from '@shared/pricing';
import type { CompareColumn, ComparedListing } from '@shared/schemas/compare';
import { categoryLabel, fuelLabel, makeLabel, transmissionLabel } from '@shared/values';
import { formatDistance, formatMileage, formatNumber, formatPriceWithVat } from '@/lib/format';

const NOT_STATED = 'Not stated';

/** One row of the compare table: its label and each column's text (null: the truck is no longer available). */
export interface CompareRow {
  key: string;
  label: string;
  values: Array<string | null>;
  /** The available trucks' values are not all the same (the row is highlighted). */
  differs: boolean;
}

const vatText = (l: ComparedListing) =>
  !l.price || l.price <= 0
    ? NOT_STATED
    : l.vatStatus === 'plus_vat'
      ? 'Plus VAT (+VAT)'
      : l.vatStatus === 'no_vat'
        ? 'No VAT to add'
        : 'Includes VAT (or none stated)';

const ROWS: Array<{ key: string; label: string; value: (l: ComparedListing) => string | null | undefined }> = [
  { key: 'price', label: 'Price', value: (l) => formatPriceWithVat(l.price, l.vatStatus) },
  { key: 'vat', label: 'VAT', value: vatText },
  { key: 'band', label: 'Fair-price rating', value: (l) => (l.priceBand ? priceBandLabel(l.priceBand) : 'No rating') },
  { key: 'year', label: 'Year', value: (l) => (l.year ? String(l.year) : null) },
  { key: 'mileage', label: 'Mileage', value: (l) => formatMileage(l.mileage) },
  { key: 'make', label: 'Make', value: (l) => makeLabel(l.make) ?? l.make },
  { key: 'model', label: 'Model', value: (l) => l.model },
  { key: 'category', label: 'Category', value: (l) => categoryLabel(l.category) },
  { key: 'euro', label: 'Euro standard', value: (l) => euroLabel(l.euroStandard) },
  { key: 'cleanAir', label: 'Clean air (London)', value: (l) => cleanAirBadge(l).text },
  { key: 'axles', label: 'Axles', value: (l) => l.axleConfig },
  { key: 'gvw', label: 'GVW', value: (l) => (l.gvwTonnes != null ? `${formatNumber(l.gvwTonnes)} tonnes` : null) },
  { key: 'cab', label: 'Cab', value: (l) => cabLabel(l.cabType) },
  { key: 'gearbox', label: 'Gearbox', value: (l) => transmissionLabel(l.transmission) },
  { key: 'fuel', label: 'Fuel', value: (l) => fuelLabel(l.fuelType) },
  { key: 'location', label: 'Location', value: (l) => [l.location, l.postcode].filter(Boolean).join(', ') || null },
  { key: 'seller', label: 'Seller', value: (l) => (l.sellerType === 'trade' ? 'Trade seller' : 'Private seller') },
];

/**
 * The compare table's text rows (the photo and title rows are drawn by the page). A row differs
 * when at least two trucks are still available and their values are not all equal; "Distance"
 * is added when a place to measure from was given.
 */
export function compareRows(columns: readonly CompareColumn[], from: string | null): CompareRow[] {
  const rows = [...ROWS];
  if (from) rows.push({ key: 'distance', label: `Distance from ${from}`, value: (l) => formatDistance(l.distanceMiles) });
  return rows.map((row) => {
    const values = columns.map((c) => (c.listing ? (row.value(c.listing) ?? NOT_STATED) : null));
    const available = values.filter((v): v is string => v !== null);
    return { key: row.key, label: row.label, values, differs: available.length > 1 && new Set(available).size > 1 };
  });
}
