import { dialablePhone } from '@shared/phone';
import { formatMileage, formatNumber } from '@/lib/format';
import type { Listing } from '@shared/schemas/listing';
import { CATEGORY_PAGES, categoryLabel, fuelLabel, makeLabel, transmissionLabel } from '@shared/values';
import { cabLabel, euroLabel } from '@shared/listing-options';
import { DIRECT_VISION_STANDARD } from '@shared/compliance/zones';
import { MASK } from '@shared/constants';
import { formatRegistration } from '@shared/registration';

const NOT_STATED = 'Not stated';

/** The vehicle details table of the detail page, in display order; unknown values read 'Not stated'. */
export function vehicleDetailRows(l: Listing): Array<{ label: string; value: string }> {
  const or = (v: string | null | undefined) => (v == null || v === '' ? NOT_STATED : v);
  const place = [l.location, l.postcode].filter(Boolean).join(', ');
  // London's DVS only concerns HGVs over 12 t: the row shows for them, or when the seller gave stars anyway.
  const dvsRelevant = l.dvsStars != null || (l.gvwTonnes ?? 0) > DIRECT_VISION_STANDARD.gvwThresholdTonnes;
  const dvs = l.dvsStars == null ? null : `${l.dvsStars} star${l.dvsStars === 1 ? '' : 's'}`;
  return [
    { label: 'Make', value: or(makeLabel(l.make) ?? l.make) },
    { label: 'Model', value: or(l.model) },
    { label: 'Year', value: or(l.year ? String(l.year) : null) },
    // Masked by the server ("AB12 •••") for visitors who are not signed in, unless the seller shows it.
    ...(l.registration ? [{ label: 'Registration', value: formatRegistration(l.registration) }] : []),
    { label: 'Category', value: or(categoryLabel(l.category)) },
    { label: 'Mileage', value: or(formatMileage(l.mileage)) },
    { label: 'Fuel type', value: or(fuelLabel(l.fuelType)) },
    { label: 'Transmission', value: or(transmissionLabel(l.transmission)) },
    { label: 'Engine size', value: or(l.engineSize ? `${l.engineSize.replace(/\s*l(itres?)?$/i, '')} litres` : null) },
    { label: 'Axle configuration', value: or(l.axleConfig) },
    { label: 'Gross vehicle weight', value: or(l.gvwTonnes != null ? `${formatNumber(l.gvwTonnes)} tonnes` : null) },
    { label: 'Euro standard', value: or(euroLabel(l.euroStandard)) },
    { label: 'Cab type', value: or(cabLabel(l.cabType)) },
    ...(dvsRelevant ? [{ label: 'DVS star rating', value: or(dvs) }] : []),
    { label: 'VAT status', value: or(l.vatStatus === 'plus_vat' ? 'Plus VAT (+VAT)' : l.vatStatus === 'no_vat' ? 'No VAT' : null) },
    { label: 'Location', value: or(place) },
  ];
}

/** The API masks contact details for anonymous visitors (spec §6). */
export function isContactMasked(l: Pick<Listing, 'contactName'>): boolean {
  return l.contactName === MASK.contactName;
}

/** A phone value that can be dialled, in E.164 (null for a mask such as 'Contact via website'). */
export const dialable = dialablePhone;

/** The category page a listing belongs to, for the breadcrumb (none for 'other'). */
export function categoryPageFor(l: Pick<Listing, 'category'>) {
  return CATEGORY_PAGES.find((p) => p.category === l.category) ?? null;
}
