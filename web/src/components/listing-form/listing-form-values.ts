import { formatPhone } from '@shared/phone';
import type { Listing } from '@shared/schemas/listing';

/**
 * What the sell and edit forms hold: text for every input (the shared zod schema turns it into
 * the API's values and gives its messages), the features as a list.
 */
export type ListingFormValues = {
  make: string;
  model: string;
  year: string;
  category: string;
  fuelType: string;
  transmission: string;
  mileage: string;
  engineSize: string;
  axleConfig: string;
  gvwTonnes: string;
  euroStandard: string;
  cabType: string;
  /** London DVS stars, '0'–'5' or '' (not known). */
  dvsStars: string;
  price: string;
  /** The explicit "Price on application" choice (stored as price 0, shown as POA). */
  priceOnApplication: boolean;
  vatStatus: string;
  description: string;
  features: string[];
  contactName: string;
  companyName: string;
  phone: string;
  email: string;
  location: string;
  postcode: string;
  /** UK registration as typed; the shared schema normalises it ("AB12CDE"). */
  registration: string;
  showFullRegistration: boolean;
  /** Fields filled by "Find my truck" that the seller has not changed since (issue 27 §2). */
  dvlaFields: string[];
  /** The DVLA's make text when our list has no match. */
  dvlaMake: string;
};

/** A new listing's form: empty; the seller chooses the category (none is assumed). */
export const EMPTY_LISTING_VALUES: ListingFormValues = {
  make: '',
  model: '',
  year: '',
  category: '',
  fuelType: '',
  transmission: '',
  mileage: '',
  engineSize: '',
  axleConfig: '',
  gvwTonnes: '',
  euroStandard: '',
  cabType: '',
  dvsStars: '',
  price: '',
  priceOnApplication: false,
  vatStatus: '',
  description: '',
  features: [],
  contactName: '',
  companyName: '',
  phone: '',
  email: '',
  location: '',
  postcode: '',
  registration: '',
  showFullRegistration: false,
  dvlaFields: [],
  dvlaMake: '',
};

const str = (v: string | number | null | undefined) => (v == null ? '' : String(v));

/** A stored listing as form text (missing values become empty inputs). */
export function listingFormValues(l: Listing): ListingFormValues {
  return {
    make: str(l.make),
    model: str(l.model),
    year: str(l.year),
    category: str(l.category),
    fuelType: str(l.fuelType),
    transmission: str(l.transmission),
    mileage: str(l.mileage),
    engineSize: str(l.engineSize),
    axleConfig: str(l.axleConfig),
    gvwTonnes: str(l.gvwTonnes),
    euroStandard: str(l.euroStandard),
    cabType: str(l.cabType),
    dvsStars: str(l.dvsStars),
    // A stored 0 is "Price on application" (older listings got it by leaving the price at 0).
    price: l.price > 0 ? str(l.price) : '',
    priceOnApplication: !(l.price > 0),
    vatStatus: str(l.vatStatus),
    description: str(l.description),
    features: l.features ?? [],
    contactName: str(l.contactName),
    companyName: str(l.companyName),
    phone: formatPhone(l.phone),
    email: str(l.email),
    location: str(l.location),
    postcode: str(l.postcode),
    registration: str(l.registration),
    showFullRegistration: l.showFullRegistration ?? false,
    dvlaFields: l.dvlaFields ?? [],
    dvlaMake: str(l.dvlaMake),
  };
}
