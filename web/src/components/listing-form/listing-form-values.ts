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
  price: string;
  vatStatus: string;
  description: string;
  features: string[];
  contactName: string;
  companyName: string;
  phone: string;
  email: string;
  location: string;
  postcode: string;
};

/** A new listing's form: empty, the category on Other. */
export const EMPTY_LISTING_VALUES: ListingFormValues = {
  make: '',
  model: '',
  year: '',
  category: 'other',
  fuelType: '',
  transmission: '',
  mileage: '',
  engineSize: '',
  axleConfig: '',
  gvwTonnes: '',
  euroStandard: '',
  cabType: '',
  price: '',
  vatStatus: '',
  description: '',
  features: [],
  contactName: '',
  companyName: '',
  phone: '',
  email: '',
  location: '',
  postcode: '',
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
    price: str(l.price),
    vatStatus: str(l.vatStatus),
    description: str(l.description),
    features: l.features ?? [],
    contactName: str(l.contactName),
    companyName: str(l.companyName),
    phone: str(l.phone),
    email: str(l.email),
    location: str(l.location),
    postcode: str(l.postcode),
  };
}
